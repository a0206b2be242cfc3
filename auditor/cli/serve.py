"""`auditor serve`: the desk, a local web app where directors review and decide."""

from __future__ import annotations

import ipaddress
import sys
import tomllib
from pathlib import Path
from typing import Annotated

import typer

from auditor.cli.common import command, err, handle_errors, out
from auditor.cli.console import escape
from auditor.desk import actions
from auditor.desk.auth import hash_password, password_problem
from auditor.errors import AuditorError
from auditor.game.gamefile import Game

ReportsOpt = Annotated[Path, typer.Option("--reports", help="报告目录（默认 ./reports）")]


class ServeError(AuditorError):
    exit_code = 2


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    """0.0.0.0 / ``::``: every address of the machine (no address to open in a browser)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def machine_address() -> str:
    """The machine's address on its network (the one a phone on the same Wi-Fi reaches:
    the source address of a route out, found without sending anything), else 127.0.0.1."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # (UDP: no packet is sent)
            address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return address if not ipaddress.ip_address(address).is_unspecified else "127.0.0.1"


def _new_password(name: str) -> str:
    """The new password, typed twice at the terminal without echo; from a pipe (a script),
    its first two lines (getpass would print its English "Password input may be echoed")."""
    if sys.stdin.isatty():
        return str(
            typer.prompt(f"{name} 的新密码", hide_input=True, confirmation_prompt="再输入一次")
        )
    first, again = sys.stdin.readline().rstrip("\r\n"), sys.stdin.readline().rstrip("\r\n")
    if first != again:
        raise ServeError("两次输入的密码不一致")
    return first


def game_files(paths: list[Path]) -> list[tuple[Path, bool]]:
    """The game files named, or every ``*.toml`` game file in a folder (with whether it
    was found in a folder: one that does not load is then skipped, said, not fatal)."""
    files: list[tuple[Path, bool]] = []
    for p in paths:
        if p.is_dir():
            files.extend((f, True) for f in sorted(p.glob("*.toml")) if _looks_like_a_game(f))
        else:
            files.append((p, False))
    if not files:
        raise ServeError("没有找到游戏文件：请给出游戏文件（TOML）或放着游戏文件的文件夹")
    return files


def _looks_like_a_game(path: Path) -> bool:
    """A ``[game]`` table, or a file that does not read as TOML at all (its error is said
    when it is loaded); a rule-set override or other TOML beside the games is not one."""
    try:
        data = tomllib.loads(path.read_text("utf-8-sig"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True
    return isinstance(data.get("game"), dict)


def _set_password(path: Path, name: str) -> None:
    game = actions.load(path)
    actions.check_director(game, name)  # (before asking for a password twice)
    password = _new_password(name)
    problem = password_problem(password)
    if problem:
        raise ServeError(problem)
    actions.set_password(game, name, hash_password(password))
    err.print(escape(f"已为 {game.name} 的导演 {name} 设置密码。"), highlight=False)


def _load_games(paths: list[Path]) -> dict[str, Game]:
    """The games to serve by slug: a game file in a folder that does not load is said and
    skipped (the others are served); one named on the command line is an error."""
    loaded = []
    for f, in_folder in game_files(paths):
        try:
            loaded.append(actions.load(f))
        except AuditorError as exc:
            if not in_folder:
                raise
            err.print(
                f"[yellow]注意：[/]跳过 {escape(str(f))}：{escape(str(exc))}", highlight=False
            )
    if not loaded:
        raise ServeError("没有可以打开的游戏文件（上面列出了跳过的文件和原因）")
    by_slug: dict[str, Game] = {}
    for g in loaded:
        if g.slug in by_slug:
            raise ServeError(
                f"两个游戏文件的名字相同（{g.slug}）：{by_slug[g.slug].path} 和 {g.path}"
            )
        if not g.directors:
            raise ServeError(f"{g.path}：[game] directors 是空的，没有人可以登录")
        by_slug[g.slug] = g
    return by_slug


@command("serve")
def serve_cmd(
    games: Annotated[
        list[Path] | None,
        typer.Argument(
            help="游戏文件或放着游戏文件的文件夹（可多个；不写就是当前文件夹）", show_default=False
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option(
            "--host", help="监听地址（默认只在本机 127.0.0.1；手机访问用本机局域网 IP，需先设密码）"
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="端口")] = 8765,
    reports: ReportsOpt = Path("reports"),
    post_limit: Annotated[
        int,
        typer.Option(
            "--post-limit", help="论坛发帖长度上限（Discuz! maxpostsize，X3.5 默认 10000）"
        ),
    ] = 10000,
    set_password: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--set-password",
            help="设置导演密码后退出：--set-password 游戏文件 导演名（密码从终端输入两次）",
            metavar="<游戏文件 导演名>",
            show_default=False,
        ),
    ] = None,
    proxy_headers: Annotated[
        bool,
        typer.Option(
            "--proxy-headers",
            help="在反向代理（nginx 等，在本机）后面时才用：按代理转来的 X-Forwarded-For "
            "认客户端地址（登录次数限制按它计）；不用时只认直接连来的地址",
        ),
    ] = False,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies",
            help="登录 Cookie 带 Secure 标记，浏览器只经 https 发送（审计台在 https 反向代理后面时用）",
        ),
    ] = False,
) -> None:
    """审计台：在浏览器里查看报告、批准/改判/驳回草稿、添加手动牌、复制公告、开始审计。

    默认只在本机 127.0.0.1 上监听，启动时打印每位导演的一次性登录链接；用 --host 让同一
    局域网的手机访问时，必须先给导演设置密码（--set-password 游戏文件 导演名）。每个决定
    都记在游戏的数据库里并签上登录的导演名，报告、CSV 和公告随即重写。

    例：auditor serve examples/sample/game.toml
    """
    with handle_errors():
        if set_password is not None and set_password[0]:
            _set_password(Path(set_password[0]), set_password[1])
            return
        by_slug = _load_games(list(games or [Path(".")]))  # (none: the current folder)
        loaded = list(by_slug.values())
        local = _is_loopback(host)
        if not local:
            missing = [f"{g.name}（{g.path}）" for g in loaded if not actions.password_hashes(g)]
            if missing:
                raise ServeError(
                    "用 --host 在局域网上提供审计台时必须先设置密码："
                    + "、".join(missing)
                    + "（auditor serve --set-password 游戏文件 导演名）"
                )
        _serve(
            by_slug,
            host,
            port,
            reports,
            post_limit,
            local,
            proxy_headers=proxy_headers,
            secure_cookies=secure_cookies,
        )


def _serve(
    games: dict[str, Game],
    host: str,
    port: int,
    reports: Path,
    post_limit: int,
    local: bool,
    *,
    proxy_headers: bool = False,
    secure_cookies: bool = False,
) -> None:
    import uvicorn  # the server only when serving

    # Starlette and the desk's templates only for `serve` (every other command would pay
    # for them at start-up).
    from auditor.desk.app import Desk, create_app, game_labels

    desk = Desk(games=games, reports=reports, post_limit=post_limit)
    # 0.0.0.0 is no address to open: the machine's own (a phone on the same network) is
    # printed, and the desk answers to it, to 127.0.0.1 and to the machine's name
    wildcard = _is_wildcard(host)
    seen = machine_address() if wildcard else host
    shown = f"[{seen}]" if ":" in seen else seen
    base = f"http://{shown}:{port}"
    hosts = ["127.0.0.1", "localhost", host] if local else [host]
    if wildcard:
        import socket

        hosts = list(dict.fromkeys([seen, "127.0.0.1", "localhost", socket.gethostname()]))
    app = create_app(desk, hosts=hosts, secure_cookies=secure_cookies)
    out.print(f"审计台：{base}/", highlight=False, soft_wrap=True)
    if wildcard:
        out.print(
            f"（在本机所有网络地址上监听：同一网络的手机打开上面的地址；本机也可以用 "
            f"http://127.0.0.1:{port}/）",
            highlight=False,
            soft_wrap=True,
        )
    # (sessions live in the desk's memory, nothing on disk: a restart signs everyone out —
    # said on every start, with new links on this machine; fh42 item 5)
    out.print(
        "每次启动审计台都要重新登录（上次的登录随之失效）："
        + ("点下面新打印的登录链接（每个只能用一次），或" if local else "")
        + "在登录页选导演名、输入密码。",
        highlight=False,
        soft_wrap=True,
    )
    if local:
        labels = game_labels(games)  # (two copies of one game: told apart)
        for slug, g in games.items():
            for d in g.directors:
                token = desk.links.issue(slug, d)
                out.print(
                    escape(f"{labels[slug]} · {d} 的一次性登录链接：{base}/login/{token}"),
                    highlight=False,
                    soft_wrap=True,
                )
    out.file.flush()
    # uvicorn trusts X-Forwarded-For from 127.0.0.1 by default: any local process (or a
    # proxy passing the header through) could then pick the address the login limit
    # counts.  Only behind a proxy the director set up (--proxy-headers).
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        proxy_headers=proxy_headers,
    )
