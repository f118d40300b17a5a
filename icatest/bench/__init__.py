"""Performance benchmarks of the campaign layer (`icatest bench`).

They ship with the package so that `icatest bench` runs from an installed wheel in any folder.
Nothing is imported here: the fake model process imports `icatest.bench.fake_replies` and must
not pay for the campaign layer.
"""
