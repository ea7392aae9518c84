"""Correspondence: reminders, losses on time and vacations (Correspondence), and the
Scheduler that runs them when due, with the kernel's other due jobs."""
