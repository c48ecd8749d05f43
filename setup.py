"""The shipped templates/ and fonts/ stand at the top of the repository, where the design puts
them, and travel inside the package in the wheel (core/paths.py's `shipped` finds either)."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["bastelbogen", "bastelbogen.*"]),
        "bastelbogen.templates",
        "bastelbogen.fonts",
    ],
    package_dir={"bastelbogen.templates": "templates", "bastelbogen.fonts": "fonts"},
)
