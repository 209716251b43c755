"""The companion: turn pipeline, prompt budget, rolling summary, recall, facts, digests, reflections.

Never imports PySide6; the GUI and the CLI drive the same ``Companion`` controller.
"""
