"""``gpuaccel completion bash|zsh|fish``: shell completion scripts generated from the argparse tree.

The scripts are made from the same parser that runs the commands, so a new command or option completes as
soon as it exists. All three shells do the same thing: walk the words typed so far to find the command path
(``service install``), then offer that command's options after a dash, else its sub-commands, else files.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

SHELLS = ("bash", "zsh", "fish")


@dataclass
class Node:
    """One command level: its sub-commands (with help) and its options (with help)."""

    subcommands: dict[str, str] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)


def command_tree(parser: argparse.ArgumentParser) -> dict[str, Node]:
    """Every command path (``""``, ``"service"``, ``"service install"``) to its :class:`Node`."""
    tree: dict[str, Node] = {}

    def walk(p: argparse.ArgumentParser, path: str) -> None:
        node = tree.setdefault(path, Node())
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help or "" for a in action._choices_actions}
                for name, sub in action.choices.items():
                    node.subcommands[name] = helps.get(name, "")
                    walk(sub, f"{path} {name}".strip())
            else:
                for opt in action.option_strings:
                    text = action.help if action.help not in (None, argparse.SUPPRESS) else ""
                    node.options[opt] = text.replace("%%", "%")  # argparse's escape of a literal %

    walk(parser, "")
    return tree


def _sh(word: str) -> str:
    """A word in POSIX single quotes (bash and zsh)."""
    return "'" + word.replace("'", "'\\''") + "'"


def bash_script(tree: dict[str, Node], prog: str = "gpuaccel") -> str:
    paths = "|".join(_sh(p) for p in tree if p)
    cases = "\n".join(
        f"        {_sh(path)}) subs={_sh(' '.join(n.subcommands))}; opts={_sh(' '.join(n.options))} ;;"
        for path, n in tree.items()
    )
    return f"""# bash completion for {prog}; load with: source <({prog} completion bash)
_{prog}() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}} cmdpath="" w i subs="" opts=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${{COMP_WORDS[i]}}
        if [[ $w == -- ]]; then
            COMPREPLY=($(compgen -f -- "$cur"))
            return 0
        fi
        [[ $w == -* ]] && continue
        case "${{cmdpath:+$cmdpath }}$w" in
            {paths}) cmdpath="${{cmdpath:+$cmdpath }}$w" ;;
        esac
    done
    case "$cmdpath" in
{cases}
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    elif [[ -n $subs ]]; then
        COMPREPLY=($(compgen -W "$subs" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}}
complete -o filenames -F _{prog} {prog}
"""


def zsh_script(tree: dict[str, Node], prog: str = "gpuaccel") -> str:
    paths = "|".join(_sh(p) for p in tree if p)

    def described(items: dict[str, str]) -> str:
        return " ".join(_sh(f"{k.replace(':', chr(92) + ':')}:{v}") for k, v in items.items())

    cases = "\n".join(
        f"        ({_sh(path)}) subs=({described(n.subcommands)}); opts=({described(n.options)}) ;;"
        for path, n in tree.items()
    )
    return f"""#compdef {prog}
# zsh completion for {prog}; put it on $fpath as _{prog}, or load with: source <({prog} completion zsh)
_{prog}() {{
    local cmdpath="" w i cur=${{words[CURRENT]}}
    local -a subs opts
    for (( i = 2; i < CURRENT; i++ )); do
        w=${{words[i]}}
        if [[ $w == -- ]]; then
            _files
            return
        fi
        [[ $w == -* ]] && continue
        case "${{cmdpath:+$cmdpath }}$w" in
            ({paths}) cmdpath="${{cmdpath:+$cmdpath }}$w" ;;
        esac
    done
    case "$cmdpath" in
{cases}
    esac
    if [[ $cur == -* ]]; then
        _describe -t options option opts
    elif (( ${{#subs}} )); then
        _describe -t commands command subs
    else
        _files
    fi
}}
if [[ ${{zsh_eval_context[-1]}} == loadautofunc ]]; then
    _{prog} "$@"
else
    compdef _{prog} {prog}
fi
"""


def _fish(word: str) -> str:
    return "'" + word.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish_script(tree: dict[str, Node], prog: str = "gpuaccel") -> str:
    fn = f"__{prog}_path"
    lines = [
        f"# fish completion for {prog}; load with: {prog} completion fish | source",
        f"set -g {fn}s {' '.join(_fish(p) for p in tree if p)}",
        f"function {fn}",
        "    set -l p ''",
        "    for w in (commandline -opc)[2..-1]",
        "        string match -q -- '-*' $w; and continue",
        '        set -l cand (string trim -- "$p $w")',
        f"        contains -- $cand ${fn}s; and set p $cand",
        "    end",
        '    echo "$p"',
        "end",
        f"function __{prog}_at",
        f'    test "$({fn})" = "$argv[1]"',
        "end",
        f"complete -c {prog} -f",
    ]
    for path, node in tree.items():
        cond = f"-n {_fish(f'__{prog}_at {_fish(path)}')}"
        for name, help_text in node.subcommands.items():
            lines.append(f"complete -c {prog} {cond} -a {_fish(name)} -d {_fish(help_text)}")
        for opt, help_text in node.options.items():
            flag = f"-l {opt[2:]}" if opt.startswith("--") else f"-s {opt[1:]}"
            lines.append(f"complete -c {prog} {cond} {flag} -d {_fish(help_text)}")
        if not node.subcommands:
            lines.append(f"complete -c {prog} {cond} -F")
    return "\n".join(lines) + "\n"


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    tree = command_tree(parser)
    return {"bash": bash_script, "zsh": zsh_script, "fish": fish_script}[shell](tree, parser.prog)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or fish)",
        description="Print a completion script. bash: `source <(gpuaccel completion bash)` in ~/.bashrc; "
        "zsh: `gpuaccel completion zsh > ~/.zfunc/_gpuaccel` with ~/.zfunc on $fpath; fish: "
        "`gpuaccel completion fish > ~/.config/fish/completions/gpuaccel.fish`.",
    )
    p.add_argument("shell", choices=SHELLS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gpuaccel.app.cli import build_parser

    print(script(args.shell, build_parser()), end="")
    return 0
