// Same PyScript start as static/app.js (including the worker-hook workaround the CSP needs).
import { hooks } from "../../static/vendor/pyscript-0.7.31/core.js";

hooks.worker.onBeforeRunAsync.clear();
