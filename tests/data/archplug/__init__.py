"""A plug-in as another distribution ships one (tests/test_plugins.py installs it under a
fake distribution): one module for each thing a plug-in may register, none of them named
anywhere in Bastelbogen."""
