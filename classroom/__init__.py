"""The classroom: teachers' accounts, classes with a join code, and their pupils.

A teacher is a user (Django's auth) with classes. A pupil is a learner with a
membership of a class (:class:`~classroom.models.Pupil`): no e-mail, no password, a
display name and a personal return code to continue on another computer. Assignments,
the dashboard and the projector's live exercise stand on these (issue 14).
"""
