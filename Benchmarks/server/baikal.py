"""Baïkal (sabre/dav on PHP-FPM behind nginx) for the server benchmark, built in a temporary folder.

Baïkal's release zip carries composer's `vendor/` folder; git has none, and packagist may be out
of reach. `assemble()` builds the same tree from git repositories instead: Baïkal's newest
release, and for each sabre library the newest release within the major version that composer
picks for Baïkal's requirements (sabre/dav ~4.7.1 and what sabre/dav 4.7 requires), each taken
out with `git archive`, and a `vendor/autoload.php` that maps the PSR-4 and PSR-0 prefixes of
their composer.json files and loads their "files", as composer's own (not optimized) autoloader
does. symfony/yaml and psr/log come from Debian (php-symfony-yaml 5.4 instead of Baïkal's 7.4;
Baïkal only calls Yaml::parseFile). Nothing of it is written outside the temporary folder.

`create_database()` makes the SQLite database as Baïkal's install tool does (its
Core/Resources/Db/SQLite/db.sql, statement by statement) and adds the user as its admin page
does: the users row (digesta1 = md5(user:realm:password), checked by Basic auth), the
principal, a default calendar and a default address book.

The git repositories are looked up in one folder (`--baikal-sources`), by any of these names:
<owner>+<name>/repo (the layout of a mirror), <name>.git (git clone --bare), <name>/.git
(git clone).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import subprocess
from pathlib import Path

DEBIAN_PACKAGES = ["php-fpm", "php-sqlite3", "php-xml", "php-mbstring", "php-symfony-yaml", "php-psr-log"]
# (GitHub repository, folder under vendor/, tag prefix: the releases composer may pick)
BAIKAL = ("sabre-io/Baikal", None, "0.")
LIBRARIES = [
    ("sabre-io/dav", "sabre/dav", "4.7."),
    ("sabre-io/vobject", "sabre/vobject", "4."),
    ("sabre-io/http", "sabre/http", "5."),
    ("sabre-io/event", "sabre/event", "5."),
    ("sabre-io/xml", "sabre/xml", "2."),
    ("sabre-io/uri", "sabre/uri", "2."),
]
DEBIAN_AUTOLOADERS = ["/usr/share/php/Symfony/Component/Yaml/autoload.php", "/usr/share/php/Psr/Log/autoload.php"]
REALM = "BaikalDAV"


def missing_packages() -> list[str]:
    """The Debian packages of DEBIAN_PACKAGES that are not installed."""
    missing = []
    for p in DEBIAN_PACKAGES:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            missing.append(p)
    return missing


def php_fpm() -> str | None:
    """Debian's php-fpm binary (php-fpm8.2 on bookworm), if installed."""
    found = sorted(Path("/usr/sbin").glob("php-fpm*"))
    return str(found[-1]) if found else None


def git_dir(sources: Path, repo: str) -> Path:
    """The git directory of GitHub repository `repo` ("owner/name") in `sources`."""
    owner, name = repo.split("/")
    for p in (sources / f"{owner}+{name}" / "repo", sources / f"{name}.git", sources / name / ".git"):
        if (p / "HEAD").exists():
            return p
    raise FileNotFoundError(f"no git repository of {repo} in {sources} "
                            f"(clone it: git clone --bare https://github.com/{repo} {sources / (name + '.git')})")


def newest_release(gd: Path, prefix: str) -> str:
    """The highest tag that starts with `prefix` and names a release (digits and dots only)."""
    tags = subprocess.run(["git", "--git-dir", str(gd), "tag"], capture_output=True, text=True, check=True).stdout.split()
    releases = [t for t in tags if t.startswith(prefix) and re.fullmatch(r"\d+(\.\d+)*", t)]
    if not releases:
        raise RuntimeError(f"{gd}: no release tag starting with {prefix}")
    return max(releases, key=lambda t: [int(x) for x in t.split(".")])


def export(gd: Path, tag: str, dest: Path) -> None:
    """git archive TAG | tar -x -C dest"""
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.Popen(["git", "--git-dir", str(gd), "archive", tag], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(dest)], stdin=archive.stdout, check=True)
    archive.stdout.close()
    if archive.wait() != 0:
        raise RuntimeError(f"git archive {tag} of {gd} failed")


def php_string(s: str) -> str:
    """`s` as a single-quoted PHP string literal."""
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def assemble(app: Path, sources: Path) -> dict[str, str]:
    """Writes Baïkal with its sabre libraries and an autoloader into `app`; returns the versions."""
    versions = {}
    gd = git_dir(sources, BAIKAL[0])
    versions["baikal"] = newest_release(gd, BAIKAL[2])
    export(gd, versions["baikal"], app)
    psr4: list[tuple[str, str]] = []
    files: list[str] = []
    for repo, folder, prefix in LIBRARIES:
        gd = git_dir(sources, repo)
        versions[folder] = newest_release(gd, prefix)
        export(gd, versions[folder], app / "vendor" / folder)
        autoload = json.loads((app / "vendor" / folder / "composer.json").read_text())["autoload"]
        for ns, d in autoload.get("psr-4", {}).items():
            psr4.append((ns, f"{folder}/{d}"))
        files += [f"{folder}/{f}" for f in autoload.get("files", [])]
    psr0 = json.loads((app / "composer.json").read_text())["autoload"]["psr-0"]
    psr4.sort(key=lambda x: -len(x[0]))
    (app / "vendor" / "autoload.php").write_text(
        "<?php\n// Written by Benchmarks/server/baikal.py in place of composer's autoloader.\n"
        "$psr4 = [" + ", ".join(f"[{php_string(ns)}, __DIR__ . {php_string('/' + d)}]" for ns, d in psr4) + "];\n"
        "$psr0 = [" + ", ".join(f"[{php_string(ns)}, dirname(__DIR__) . {php_string('/' + d)}]"
                               for ns, d in psr0.items()) + "];\n"
        """spl_autoload_register(function ($class) use ($psr4, $psr0) {
    foreach ($psr4 as [$prefix, $dir]) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $dir . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
                return;
            }
        }
    }
    foreach ($psr0 as [$prefix, $dir]) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $cut = (int) strrpos('\\\\' . $class, '\\\\');
            $file = $dir . str_replace('\\\\', '/', substr($class, 0, $cut))
                . str_replace('_', '/', substr($class, $cut)) . '.php';
            if (is_file($file)) {
                require $file;
                return;
            }
        }
    }
});
"""
        + "".join(f"require_once {php_string(p)};\n" for p in DEBIAN_AUTOLOADERS)
        + "".join(f"require_once __DIR__ . {php_string('/' + f)};\n" for f in files))
    return versions


def write_config(app: Path, database: Path) -> None:
    """Baïkal's config/baikal.yaml: CalDAV and CardDAV on (its defaults), Basic auth, SQLite."""
    (app / "config" / "baikal.yaml").write_text(f"""system:
    configured_version: '{(app / 'Core' / 'Distrib.php').read_text().split('"BAIKAL_VERSION", "')[1].split('"')[0]}'
    timezone: 'UTC'
    card_enabled: true
    cal_enabled: true
    invite_from: ''
    dav_auth_type: 'Basic'
    admin_passwordhash: {hashlib.md5(b"admin:" + REALM.encode() + b":bench-admin").hexdigest()}
    failed_access_message: 'user %u authentication failure for Baikal'
    auth_realm: {REALM}
    base_uri: ''
database:
    encryption_key: {hashlib.md5(b"bench").hexdigest()}
    backend: 'sqlite'
    sqlite_file: "{database}"
""")


def create_database(app: Path, database: Path, user: str, password: str) -> None:
    """The tables of Baïkal's install tool, and one user as its admin page adds one."""
    db = sqlite3.connect(database)
    for statement in (app / "Core" / "Resources" / "Db" / "SQLite" / "db.sql").read_text().split(";"):
        if statement.strip() and statement.strip().upper() not in ("BEGIN TRANSACTION", "COMMIT"):
            db.execute(statement)
    principal = f"principals/{user}"
    db.execute("INSERT INTO users (username, digesta1) VALUES (?, ?)",
               (user, hashlib.md5(f"{user}:{REALM}:{password}".encode()).hexdigest()))
    db.execute("INSERT INTO principals (uri, email, displayname) VALUES (?, ?, ?)",
               (principal, f"{user}@localhost", user))
    cal = db.execute("INSERT INTO calendars (synctoken, components) VALUES (1, 'VEVENT,VTODO')").lastrowid
    db.execute("INSERT INTO calendarinstances (calendarid, principaluri, access, displayname, uri, description, "
               "calendarorder, calendarcolor, timezone, share_invitestatus) VALUES (?, ?, 1, 'Default calendar', "
               "'default', 'Default calendar', 0, '', 'UTC', 2)", (cal, principal))
    db.execute("INSERT INTO addressbooks (principaluri, displayname, uri, description, synctoken) "
               "VALUES (?, 'Default Address Book', 'default', ?, 1)", (principal, f"Default Address Book for {user}"))
    db.commit()
    db.close()


def fpm_config(work: Path, port: int, children: int) -> Path:
    """A PHP-FPM configuration with one pool on 127.0.0.1:`port`: `children` workers, always
    running (pm = static), as the current user; sessions (Baïkal starts one per request) and
    logs in `work`. PHP's settings are Debian's (/etc/php/*/fpm/php.ini, OPcache on)."""
    (work / "sessions").mkdir(exist_ok=True)
    conf = work / "php-fpm.conf"
    conf.write_text(f"""[global]
pid = {work}/php-fpm.pid
error_log = {work}/php-fpm.log
daemonize = no

[baikal]
user = root
listen = 127.0.0.1:{port}
pm = static
pm.max_children = {children}
catch_workers_output = yes
php_admin_value[session.save_path] = {work}/sessions
php_admin_value[error_log] = {work}/php-error.log
php_admin_flag[log_errors] = on
""")
    return conf


def nginx_server(html: Path, port: int, fpm_port: int) -> str:
    """The nginx server block of Baïkal's documentation, with PHP-FPM on a TCP port."""
    return f"""
    server {{
        listen 127.0.0.1:{port};
        root {html};
        index index.php;
        rewrite ^/.well-known/caldav /dav.php redirect;
        rewrite ^/.well-known/carddav /dav.php redirect;
        location ~ /(\\.ht|Core|Specific|config) {{
            deny all;
            return 404;
        }}
        location ~ ^(.+\\.php)(.*)$ {{
            try_files $fastcgi_script_name =404;
            include /etc/nginx/fastcgi_params;
            fastcgi_split_path_info ^(.+\\.php)(.*)$;
            fastcgi_pass 127.0.0.1:{fpm_port};
            fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
            fastcgi_param PATH_INFO $fastcgi_path_info;
        }}
    }}
}}
"""
