"""Recall: past entries brought into the prompt for the message being answered."""
