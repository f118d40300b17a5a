"""Loading of strict YAML/JSON configuration with errors that name file and field."""

from icatest.config.loading import find_data_dir, format_validation_error, load_model, read_yaml

__all__ = ["find_data_dir", "format_validation_error", "load_model", "read_yaml"]
