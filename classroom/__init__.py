"""The classroom: teachers' accounts, classes with a join code, and their pupils.

A teacher is a user (Django's auth) with classes. A pupil is a learner with a
membership of a class (:class:`~classroom.models.Pupil`): no e-mail, no password, a
display name and a personal return code to continue on another computer. A class has
assignments (:mod:`classroom.assignments`); its pupils' mistakes are recorded where
they happen (:mod:`classroom.mistakes`) and shown to the teacher with the grid of
assignments on the class page, which polls for changes (:mod:`classroom.dashboard`).
"""
