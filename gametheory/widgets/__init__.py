"""Interactive explorers built on ipywidgets 8; imported lazily, never by the core."""
