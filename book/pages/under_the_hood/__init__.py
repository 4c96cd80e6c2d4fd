"""The "Under the hood" pages (how the engines were measured and checked)."""
