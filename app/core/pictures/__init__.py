"""Pictures in the diary (memory level 0): attaching them, reading their text, keeping originals a while."""
