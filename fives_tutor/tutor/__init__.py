"""Teaching: the lessons of each pack and the checking of a learner's answers, the
quiz's exercises, and the coach's judgements of a play (pure values; what the coach
says is :mod:`fives_tutor.table.coach_text`).
"""
