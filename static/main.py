# Started by PyScript once Pyodide and the packages from pyodide-lock.json are loaded.
from pyapp import bridge

bridge.install()
