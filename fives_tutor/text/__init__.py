"""Text for people: display width, wrapping, tables and right-to-left output."""
