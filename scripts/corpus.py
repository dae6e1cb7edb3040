"""The corpus of real manifests: the newest tag of every bare git repository under a root folder."""
import os, subprocess


def newest_tag(repo):
    tags = subprocess.run(["git", "-C", repo, "tag", "--sort=-v:refname"], capture_output=True, text=True).stdout.split()
    return tags[0] if tags else None


def extract(repo, key, work):
    tag = newest_tag(repo)
    if not tag:
        return None
    files = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", tag], capture_output=True, text=True).stdout.split("\n")
    manifests = [f for f in files if f == "Package.swift" or (f.startswith("Package@swift-") and f.endswith(".swift"))]
    if "Package.swift" not in manifests:
        return None
    directory = os.path.join(work, key)
    os.makedirs(directory, exist_ok=True)
    for name in manifests:
        content = subprocess.run(["git", "-C", repo, "show", f"{tag}:{name}"], capture_output=True).stdout
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(content)
    return directory, tag



def collect_packages(root, work, only=None):
    """Extracts each package's manifests into work/<owner_name>; returns [(key, directory, tag)], sorted.

    Repositories whose lowercased owner/name are equal (the mirror holds some twice) count once."""
    packages = {}
    for owner in sorted(os.listdir(root)):
        owner_path = os.path.join(root, owner)
        if not os.path.isdir(owner_path):
            continue
        for name in sorted(os.listdir(owner_path)):
            if not name.endswith(".git"):
                continue
            key = f"{owner}_{name[:-4]}".lower()
            if only and only.lower() not in key:
                continue
            packages.setdefault(key, os.path.join(owner_path, name))
    entries = []
    for key, repo in sorted(packages.items()):
        extracted = extract(repo, key, work)
        if extracted:
            entries.append((key, extracted[0], extracted[1]))
    return entries
