# Run by PyScript in its worker (started by static/app.js) once Pyodide and the wheels
# named in static/app.js's PyScript config are loaded. pyapp/bridge.py does the rest.
from pyapp import bridge

bridge.install()
