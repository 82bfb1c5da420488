"""What is kept on disk: the saved-games journal (SQLite), a learner's progress, the
schema versions of both, the shared SQLite helpers and file errors in words, the JSON
export of a match and its checking on import, the per-match locks, and the user's
settings. Every file is read as hostile and written so that a crash never leaves half
a record.
"""
