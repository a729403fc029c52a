"""Qualifier lists (晋级名单): read CSV/XLSX, map columns, validate, merge."""
