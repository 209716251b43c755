"""The one text-analysis module of the core, English and Russian: words, stopwords, stems, questions.

Recall builds its FTS5 query from these (``query_terms``, ``fts_query``); fact memory compares facts by
their content stems (``content_stems``) and refuses questions (``is_question``); the budget gives a
question all the room left for recall (``asks_question``). One tokenizer, one stopword list, one stemmer.

Recall's terms: The store's index uses SQLite's ``unicode61`` tokenizer
(``remove_diacritics 2``) without stemming, so a stem is searched as a *prefix* (``"собак"*`` finds
"собака", "собаку", "собакой"). Snowball stems are not always prefixes of every form in English
("study" → "studi"), so a term may carry more than one prefix ("studi", "study").

Everything here is pure Python (``snowballstemmer``, through ``app.store.snowball_stem``, which search
uses too) and cached, so building a query costs microseconds.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from app.store import snowball_stem, yo_spellings

# Runs of letters/digits, split the way FTS5's unicode61 splits them (apostrophes, hyphens separate).
_WORD = re.compile(r"[^\W_]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_SENTENCE_START = re.compile(r"(?:^|[.!?…]\s+|\n\s*)$")

# Shortest stem searched as a prefix; shorter ones would match half the dictionary ("go*" → "good").
# Session 38, 4 (a three-letter stem searched as the word typed: "стаей" no longer finds "старый", but
# "жена" no longer finds "жену"): tune half 16 EN / 31 RU 0.9602 / 0.9350 against 0.9628 / 0.9367.
# Session 39, the stricter check instead: an entry found only through words whose own stem is not the
# term's ("жен*" finding "женщина", "стаей" finding "старый") keeping none of its word share — tune half
# 17 EN / 33 RU 0.9632 / 0.9365 against 0.9638 / 0.9360: within a question; such prefixes also find a
# word's family ("рыб*": "рыбалка"), which the meaning half misses.
MIN_PREFIX = 3

# The text of a reply that is being written and has no words yet (``app.core.turn``). A crash can leave
# one behind: it is never part of a prompt (the model would learn to answer "…"), the controller removes
# such leftovers when it starts, and the semantic index waits for its words.
REPLY_PLACEHOLDER = "…"

ENGLISH_STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are aren as at be because been before being
    below between both but by can cannot could couldn d did didn do does doesn doing don down during each
    else ever few for from further get gets got had hadn has hasn have haven having he her here hers herself
    him himself his how i if in into is isn it its itself just ll let lets like m ma me might more most
    much must mustn my myself no nor not now o of off on once only or other our ours ourselves out over own
    re really s same shan she should shouldn so some such t than that the their theirs them themselves then
    there these they this those through to too under until up upon us ve very was wasn we were weren what
    whatever when whenever where whereas whether which while who whom whose why will with won would wouldn
    y yet you your yours yourself yourselves oh ok okay yeah yes hey hi hello well thing things something
    anything everything one ones kind sort lot lots many may shall go going gone went come came tell told
    say said know knew think thought feel felt make made want wanted way ve re ll
    """.split()  # noqa: SIM905
)

RUSSIAN_STOPWORDS = frozenset(
    """
    а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для до его
    ее её ей ему если есть еще ещё же за здесь и из или им их к как какая какие каким какое какой какую
    когда кто куда ли либо лишь между меня мне мной много может можно мой моя мое моё мои мы на над надо
    наш наша наше наши не него нее неё ней нет ни них но ну о об однако он она они оно от очень по под
    после потом потому почему при про раз разве с сам сама сами само свой своя свое своё свои себе себя
    сейчас со так также такой там тебе тебя тем то тогда того тоже той только том ты у уж уже хоть чего
    чей чем через что чтобы чуть эта эти это этого этой этом этот эту я ага да нет привет пока ладно вообще
    вроде типа просто сказал сказала говорил говорила знаешь знаю думаю было будет будут буду стал стала
    ли сколько который которая которое которые зачем откуда
    """.split()  # noqa: SIM905
) | frozenset(
    # The other cases of the pronouns and question words above. Russian declines them, and a form left out
    # is no stopword: its stem is searched as a prefix, and a short one finds common words of other
    # meanings ("кого" → "ког*" finds every "когда", "своего" → "сво*", "кому" → "ком*" "комната",
    # "нас" → "нас*" "настроение", "ведь" → "вед*" "ведро"). English keeps its forms in the list above.
    """
    мною нам нас нами вами ним ними нему нём нею ею ими тобой тобою
    мою моего моей моему моим моих моём моими
    твой твоя твоё твое твои твою твоего твоей твоему твоим твоих твоём твоими
    нашего нашей нашему нашим наших нашу нашем нашими
    ваш ваша ваше ваши вашего вашей вашему вашим ваших вашу вашем вашими
    своего своей своему своим своих свою своём своими
    кого кому кем ком чему чём чья чьё чье чьи чьего чьей чьему чьим чьих чью
    каком какому какого каких какими какою
    которого которой которому которым которых которую котором которыми
    тот та те ту тех тому теми этим этих этому этими
    вся всю всей всем всеми всему самого самой самому самим самих самом собой собою
    теперь тут туда сюда ведь чтоб ничего никто
    """.split()  # noqa: SIM905
)

STOPWORDS = ENGLISH_STOPWORDS | RUSSIAN_STOPWORDS

# Words that open a question, in both languages ("what did I …", "когда мы …").
QUESTION_WORDS = frozenset(
    """
    what when where who whom which why how do does did is are was were can could should would will
    remember recall remind что когда где кто какой какая какие почему зачем как сколько ли помнишь вспомни
    напомни напомните
    """.split()  # noqa: SIM905
)

@dataclass(frozen=True)
class Term:
    """One distinct search term of a message.

    ``stem`` identifies the term (two surface forms with one stem are one term); ``prefixes`` are what
    FTS5 searches (``"prefix"*``, or the exact word when ``exact``); ``proper`` marks a capitalized word
    in mid-sentence (a name, a place), ``number`` a run of digits.
    """

    stem: str
    prefixes: tuple[str, ...]
    exact: bool
    proper: bool
    number: bool


def has_cyrillic(text: str) -> bool:
    """Whether ``text`` has a Cyrillic letter: Russian words are stemmed and matched as Russian."""
    return _CYRILLIC.search(text) is not None


def fold(word: str) -> str:
    """Lower-case and strip diacritics the way the index does (``café`` → ``cafe``).

    Cyrillic letters whose "diacritic" makes them another letter (``й``, ``ё``) are kept as they are:
    unicode61 does not fold them either.
    """
    lowered = word.lower()
    if lowered.isascii() or _CYRILLIC.search(lowered):
        return lowered
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The words of ``text``, folded, in order (stopwords included)."""
    return [fold(w) for w in _WORD.findall(text)]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball stem of a folded word, Russian for Cyrillic, English otherwise; digits stay as they are."""
    if word.isdigit():
        return word
    return snowball_stem(word)


def is_stopword(word: str) -> bool:
    return word in STOPWORDS or (len(word) == 1 and not word.isdigit())


def _prefixes(word: str, word_stem: str) -> tuple[tuple[str, ...], bool]:
    """What to search for one word: stem prefixes, or the exact word when the stem is too short."""
    if word.isdigit():
        return (word,), True
    plain = word.replace("ё", "е")  # the stemmer spells ё as е; the index keeps what was typed
    if len(word_stem) < MIN_PREFIX or not plain.startswith(word_stem[:MIN_PREFIX]):
        return (word, *yo_spellings(word)), True
    found = [word_stem if plain.startswith(word_stem) else _common_prefix(plain, word_stem)]
    # English Porter2 turns a final y into i ("study" → "studi"): "studi*" misses "study", so add it.
    if word_stem.endswith("i") and not _CYRILLIC.search(word):
        found.append(word_stem[:-1] + "y")
    if "ё" in word:
        found += [word[: len(p)] for p in found]
    else:  # typed with е: the diary may spell it with its ё ("ежик", "Ёжик")
        found += [spelled for p in found for spelled in yo_spellings(p)]
    prefixes = tuple(p for p in dict.fromkeys(found) if len(p) >= MIN_PREFIX)
    return (prefixes or (word,)), not prefixes


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def query_terms(text: str, *, limit: int = 24) -> list[Term]:
    """Distinct content terms of ``text`` in order of first appearance (at most ``limit``)."""
    terms: dict[str, Term] = {}
    for match in _WORD.finditer(text):
        raw = match.group(0)
        word = fold(raw)
        if is_stopword(word) or (word.isdigit() and len(word) > 8):
            continue
        word_stem = stem(word)
        if word_stem in STOPWORDS or len(word_stem) < 2:
            continue
        proper = raw[:1].isupper() and not raw.isupper() and not _SENTENCE_START.search(text[: match.start()])
        known = terms.get(word_stem)
        if known is not None:
            if proper and not known.proper:
                terms[word_stem] = Term(known.stem, known.prefixes, known.exact, True, known.number)
            continue
        prefixes, exact = _prefixes(word, word_stem)
        terms[word_stem] = Term(word_stem, prefixes, exact, proper, word.isdigit())
        if len(terms) >= limit:
            break
    return list(terms.values())


def fts_phrase(prefix: str, exact: bool) -> str:
    """One FTS5 phrase: quoted (so no word is read as an operator), ``*`` for a prefix search."""
    quoted = '"' + prefix.replace('"', '""') + '"'
    return quoted if exact else quoted + "*"


def fts_query(terms: list[Term]) -> str:
    """An FTS5 MATCH expression that finds rows with any of the terms (BM25 ranks the rest)."""
    phrases: list[str] = []
    for term in terms:
        phrases.extend(fts_phrase(p, term.exact) for p in term.prefixes)
    return " OR ".join(dict.fromkeys(phrases))


def text_stems(text: str) -> set[str]:
    """Stems of every content word of ``text`` (for re-ranking candidates by term coverage)."""
    return {stem(w) for w in words(text) if not is_stopword(w)}


def content_stem_list(text: str, *, ignore: frozenset[str] = frozenset()) -> list[str]:
    """Stems of the content words of ``text`` in order (stopwords, one-letter words and ``ignore`` out).

    Snowball stems let Russian endings and English plurals meet ("собаку" ~ "собака", "dogs" ~ "dog").
    """
    found: list[str] = []
    for word in words(text):
        if is_stopword(word) or word in ignore or (len(word) < 3 and not word.isdigit()):
            continue
        found.append(stem(word))
    return found


def content_stems(text: str, *, ignore: frozenset[str] = frozenset()) -> set[str]:
    return set(content_stem_list(text, ignore=ignore))


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def _first_word(text: str) -> str:
    match = _WORD.search(text)
    return fold(match.group(0)) if match else ""


def is_question(text: str) -> bool:
    """Ends with a question mark or opens with a question word ("Where does Anna live")."""
    stripped = text.strip()
    return stripped.endswith("?") or _first_word(stripped) in QUESTION_WORDS


# What a reply cut off by its token limit ends with when it stops mid-sentence ("…и потом мы пошли" ->
# "…и потом мы пошли…"): the words the model wrote are kept, and the reader sees that it did not finish.
CUT_OFF_MARK = "…"
_OPEN_ENDS = ",;:-–—(«„"


def ends_mid_sentence(text: str) -> bool:
    """Does ``text`` stop inside a sentence: on a letter, a digit, or a mark that something must follow (a
    comma, a dash, an opening quote)? A full stop, "!", "?", "…", a closing quote or an emoji end it."""
    last = text.rstrip()[-1:]
    return bool(last) and (last.isalnum() or last in _OPEN_ENDS)


def asks_question(text: str) -> bool:
    """Anywhere a question mark, or a question word first: a message asking about the past."""
    return "?" in text or _first_word(text.strip()) in QUESTION_WORDS
