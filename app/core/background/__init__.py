"""Background work of the controller: worker threads and the memory jobs they run."""
