"""The Reversi chapter's pages (rules, worked positions, tips, CPU levels, exercises, play)."""
