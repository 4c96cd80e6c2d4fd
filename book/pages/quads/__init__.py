"""The Quads chapter's pages (rules, strategy, exercises, play)."""
