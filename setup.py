"""The shipped templates/ and fonts/ stand at the top of the repository, where the design puts
them, and travel inside the package in the wheel (core/paths.py's `shipped` finds either)."""

from setuptools import find_namespace_packages, setup

SHIPPED = ("templates", "fonts")  # folders of data, mapped to bastelbogen.<folder>

setup(
    packages=[
        *find_namespace_packages(
            include=["bastelbogen", "bastelbogen.*"], exclude=["*.__pycache__"]
        ),
        *(
            f"bastelbogen.{folder}{sub}"
            for folder in SHIPPED
            for sub in ["", *(f".{p}" for p in find_namespace_packages(where=folder))]
        ),
    ],
    package_dir={f"bastelbogen.{folder}": folder for folder in SHIPPED},
)
