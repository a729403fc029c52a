"""The name order's pinyin with pypinyin's phrases read on demand (app.pinyin): the
same readings as pypinyin with its whole dictionary, names and phrases alike."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.pinyin import LazyPhrases

ROOT = Path(__file__).resolve().parents[1]

SMALL = (b'{\n"\xe4\xb8\x80\xe4\xb8\x81": [\n[\n"y\xc4\xab"\n],\n[\n"d\xc4\xabng"\n]\n],\n'
         b'"\xe9\x87\x8d\xe9\x98\xb3": [\n[\n"ch\xc3\xb3ng"\n],\n[\n"y\xc3\xa1ng"\n]\n]\n}')


def test_lazy_phrases_read_the_file_as_json_does() -> None:
    phrases = LazyPhrases(SMALL)
    whole = json.loads(SMALL)
    assert phrases.is_sorted()
    assert list(phrases) == list(whole)
    assert {key: phrases[key] for key in phrases} == whole
    assert len(phrases) == 2 and "重阳" in phrases and "重" not in phrases
    assert phrases.has_prefix("重") and phrases.has_prefix("重阳") and not phrases.has_prefix("阳")
    with pytest.raises(KeyError):
        phrases["阳"]


def test_lazy_phrases_take_phrases_given_later_and_removals() -> None:
    phrases = LazyPhrases(SMALL)
    phrases["长春"] = [["cháng"], ["chūn"]]
    phrases["重阳"] = [["zhòng"], ["yáng"]]
    del phrases["一丁"]
    assert phrases["长春"] == [["cháng"], ["chūn"]]
    assert phrases["重阳"] == [["zhòng"], ["yáng"]]
    assert "一丁" not in phrases
    assert len(phrases) == 2 and sorted(phrases) == sorted(["长春", "重阳"])
    assert phrases.copy() is phrases


_READ = """
import json, sys
if sys.argv[1] == "lazy":
    from app.pinyin import lazy_pinyin
    lazy_pinyin("张")  # pypinyin imported, its phrases on demand
    import pypinyin.phrases_dict as shipped
    assert type(shipped.phrases_dict).__name__ == "LazyPhrases"
else:
    from pypinyin import lazy_pinyin
texts = json.loads(sys.stdin.read())
print(json.dumps([lazy_pinyin(t) for t in texts], ensure_ascii=False))
"""


def _readings(how: str, texts: list[str]) -> list[list[str]]:
    done = subprocess.run([sys.executable, "-c", _READ, how], input=json.dumps(texts),
                          capture_output=True, encoding="utf-8", cwd=ROOT, check=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8"))
    return list(json.loads(done.stdout))


@pytest.mark.slow
def test_readings_are_pypinyins_own() -> None:
    """Every 5th shipped phrase, alone, turned about and after a surname, and names with
    readings that only a phrase gives (重阳 chong, 长春 chang) or in Latin letters."""
    import importlib.util

    spec = importlib.util.find_spec("pypinyin")
    assert spec is not None and spec.submodule_search_locations
    path = Path(next(iter(spec.submodule_search_locations))) / "phrases_dict.json"
    keys = list(json.loads(path.read_text(encoding="utf-8")))[::5]
    texts = [*keys, *(k[1:] + k[:1] for k in keys), *("王" + k for k in keys[::3]),
             "重阳", "长春", "单于", "曾经", "解放", "音乐家乐乐", "欧阳娜娜", "张三abc李四",
             "Zhang Wei", "䶮", "𠮷"]
    assert _readings("lazy", texts) == _readings("whole", texts)


def test_the_phrase_index_finds_every_key_line_of_pypinyins_file() -> None:
    """LazyPhrases cuts the file at the ends of key lines: the keys and where each value
    lies are those of the key lines a pattern finds (`"一丁不识": [` on a line of its own),
    and every value read there is the one json reads, for pypinyin's shipped file."""
    import importlib.util
    import re

    spec = importlib.util.find_spec("pypinyin")
    assert spec is not None and spec.submodule_search_locations
    data = (Path(next(iter(spec.submodule_search_locations))) / "phrases_dict.json").read_bytes()
    found = list(re.finditer(rb'^"([^"\n]+)": \[$', data, re.M))
    phrases = LazyPhrases(data)
    assert phrases.is_sorted() and len(found) > 40_000
    keys = phrases.keys_in_file()
    assert keys == [m.group(1).decode("utf-8") for m in found] == list(phrases)
    ends = [m.start() for m in found[1:]] + [data.rindex(b"}")]
    assert [phrases.span(i) for i in range(len(keys))] == [
        (m.end() - 1, end) for m, end in zip(found, ends, strict=True)]
    whole = json.loads(data)
    assert all(phrases[key] == whole[key] for key in keys[::97])


def test_a_file_not_laid_out_one_key_to_a_line_is_left_to_pypinyin() -> None:
    assert not LazyPhrases(b'{"\xe4\xb8\x80\xe4\xb8\x81": [["y\xc4\xab"]]}').is_sorted()
    assert not LazyPhrases(b'{\n"a\\"b": [\n[\n"x"\n]\n]\n}').is_sorted()
