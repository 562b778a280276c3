"""The reviewers' trace viewer (R-UI-2): run list, run detail, compare, export and import."""
