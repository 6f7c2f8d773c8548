"""The built-in scoring modules. Each registers through the `zapis.modules` entry-point group."""
