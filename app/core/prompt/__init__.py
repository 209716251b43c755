"""The prompt: what goes into one request to the model, within its window, with exact counts."""
