"""The Beacon Lines chapter's pages (rules, routes, tips, balance, exercises, play)."""
