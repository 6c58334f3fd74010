#!/usr/bin/env bash
# Installs what scripts/render-screenshot.py needs, when it is missing: the Python modules
# pyte (terminal emulator) and Pillow (imaging), and the fonts DejaVu Sans Mono (text),
# WenQuanYi Micro Hei (Chinese and Japanese; the smallest Debian CJK font) and Noto Color
# Emoji (emoji; without it the renderer draws a box) — plus tmux, which captures the screens,
# and headless Chromium, which draws the HTML report.
# Idempotent: with everything present it only checks. As root it installs (apt for the
# fonts; pip for the modules, or apt's python3-pyte/python3-pil when python3 is Debian's
# externally managed interpreter); otherwise it prints the exact commands and fails.
set -euo pipefail

python=${PYTHON:-python3}
packages=(fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji tmux)
# The HTML report's screenshot is drawn by headless Chromium.
command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null || packages+=(chromium-headless-shell)
modules=()
"$python" -c 'import pyte' 2>/dev/null || modules+=(pyte)
"$python" -c 'import PIL' 2>/dev/null || modules+=(Pillow)

# Debian's own python3 refuses pip installs (PEP 668): use its apt packages instead.
externally_managed=$("$python" -c 'import sysconfig, os; print(int(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))')
pip_modules=()
for module in "${modules[@]}"; do
    if [ "$externally_managed" = 1 ]; then
        case $module in
            pyte) packages+=(python3-pyte) ;;
            Pillow) packages+=(python3-pil) ;;
        esac
    else
        pip_modules+=("$module")
    fi
done

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]} + ${#pip_modules[@]} == 0)); then
    exit 0
fi

apt_command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]:-}"
pip_command="$python -m pip install ${pip_modules[*]:-}"
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    everything=("${missing[@]}" "${pip_modules[@]}")
    echo "screenshot-bootstrap: missing: ${everything[*]}" >&2
    if ((${#missing[@]})); then echo "screenshot-bootstrap: run as root:  sudo sh -c '$apt_command'" >&2; fi
    if ((${#pip_modules[@]})); then echo "screenshot-bootstrap: run:  $pip_command" >&2; fi
    exit 1
fi

if ((${#missing[@]})); then
    echo "screenshot-bootstrap: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ((${#pip_modules[@]})); then
    echo "screenshot-bootstrap: installing ${pip_modules[*]} with pip"
    "$python" -m pip install --quiet --disable-pip-version-check "${pip_modules[@]}"
fi
