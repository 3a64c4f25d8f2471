# Sourced by the benchmarks that run Valhalla (tools/bench/valhalla, tools/bench/serve): PyPI's pyvalhalla 3.9 in a
# venv made from pyenv's CPython 3.12 (its wheels exist for 3.12 only), its programs first on PATH, and osmium-tool
# (Debian) to turn OSM XML into the PBF Valhalla reads. Needs $root.
python312="${PYTHON312:-$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.12*/bin/python 2>/dev/null | tail -1)}"
[ -x "$python312" ] || { echo "$(basename "$0"): Valhalla needs CPython 3.12 (pyenv install 3.12, or PYTHON312=path)" >&2; exit 1; }
command -v osmium >/dev/null || { echo "installing osmium-tool" >&2; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq osmium-tool >/dev/null; }
venv="$root/.build/valhalla-venv"
[ -x "$venv/bin/valhalla_service" ] || { "$python312" -m venv "$venv" && "$venv/bin/pip" install -q 'pyvalhalla==3.9.*' >&2; }
export PATH="$venv/bin:$PATH"
