"""Indonesian (and Malay) read in English, written whole or said inside English as Jakarta writes it ("suhu
gpu 0 skrg brp?", "yg lagi antri apa aja?", "udah jalan brp lama?", "tahan dulu job 13 ya"): its question
words, days and hours, the nouns and verbs of a machine and its queue, its superlatives, its negation and
its short forms ("yg", "brp", "utk", "skrg"), the suffix "-nya" (its), and the particles that ask nothing
("dong", "sih", "deh", "ya", "nih", "aja")."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import (
    Lean,
    compiled,
    ing_form,
    past_form,
    read_where_marked,
)

# Indonesian's own words, none an English word nor one of another language read here (not "lagi", Hindi's
# and Tagalog's too; not "apa", "sama", "mana", "di", "ada", "nya", which Tagalog, Hindi or Spanish say; not
# "mau", Portuguese "bad", nor "td", Brazil's "tudo"): a message without one is left as it was. A word with
# the suffix "-nya" is one too ("suhunya", "energinya"; not "kenya", "tanya")
_INDONESIAN_MARK = re.compile(
    r"\b(?:yg|brp|berapa|skrg|sekarang|udah|udh|sudah|sdh|blm|belum|kenapa|knp|mengapa|kapan|gimana|gmn"
    r"|bagaimana|siapa|dong|sih|deh|nih|kok|lho|gak|nggak|ngga|enggak|gk|tdk|tidak|jgn|jangan|dgn|utk|untuk"
    r"|krn|karena|kalo|kalau|kemarin|kemaren|kmrn|hari\s+ini|tadi|dipake|dipakai|kepake|terpakai|nunggu"
    r"|menunggu|antri|ngantri|antrian|antrean|gagal|selesai|kelar|batal|batalin|batalkan|tahan|lanjutin"
    r"|lanjutkan|ulangi|ulangin|pindahin|pindahkan|suhu|memori|daya|listrik|pemakaian|penggunaan|tugas"
    r"|kartu|paling|terendah|tertinggi|rata-rata|rata2|aja|tolong|bandingin|bandingkan|jalan|jalanin"
    r"|sampe|sampai|juga|jg|bikinin|buatin|terakhir|sejam|derajat|dulu|biasanya|bedanya|trus|terus"
    r"|sebelum|sesudah|setelah|kasih|liat|lihat|berhenti|sempet|sempat|pake|pakai|kali|barusan|semalam"
    r"|saya|gue|aku|bisa|tapi|dari|apakah|sejak|selama|persen|nulis|biar|cuma|doang|mulai|waktu|terjadi|maaf"
    r"|sibuk|nganggur|menganggur|tukar|urutan|jelaskan|jelasin|terangkan|secara|itu\s+apa|tuh|ngabisin|prioritas"
    r"|dibanding|dibandingin|naikin|turunin|tengah\s+mal[ae]m|(?:lama|panas|boros|sibuk)an)\b"
    r"|\b(?!(?:berta|dita|mena|saka)nya\b)[a-z]{3,}\d*nya\b",
    re.I,
)
_ASKS = r"(?:berapa|brp)"
_PART = r"(?:\s+(pagi|siang|sore|malam|malem))?"  # the part of the day said after an hour
_RUN = r"(?:jalan|berjalan|running|run)"
_NOT = r"(?:gak|nggak|ngga|enggak|gk|ga|tdk|tidak|kagak)"
_DROP = (
    r"(?:dong|sih|deh|nih|lho|kok|ya|yah|aja|ajah|saja|dulu|dlu|bentar|sebentar|eh|yaudah|ya\s+udah|gitu|bgt"
    r"|banget)"
)

# a request's verb as the passive says it ("dibatalkan", "di-hold"): Indonesian stems and English verbs
_PASSIVE = (
    r"batal(?:kan|in)|tahan(?:in)?|lanjut(?:kan|in)|ulang(?:i|in)?|lepas(?:kan|in)?|hentikan|stop|cancel"
    r"|hold|pause|resume|release|retry|rerun|restart|kill"
)
# (the job it is asked of, said after the particles: "ditahan dulu job 12"; else "it")
_OBJECT = r"(?=(?:\s+(?:saja|aja|ajah|dulu|dlu|deh|ya))*(\s+(?:job|tugas|\d))?)"
# the comparative of each adjective read ("lamaan": ran longer)
_COMPARED = {"lama": "ran longer", "panas": "hotter", "boros": "used more energy", "sibuk": "busier"}
_STEMS = {"batal": "cancel", "tahan": "hold", "lanjut": "resume", "ulang": "retry", "lepas": "release"}


def _hour(hour: str, minute: str | None, part: str | None) -> str:
    """An hour said with its part of the day as 24-hour time: "6 sore" 18:00, "11 siang" 11:00, "1 siang"
    13:00, "9 malam" 21:00, "tengah malam" (midnight) 00:00."""
    if hour.lower().startswith("tengah"):
        return "00:00"
    h, part = int(hour), (part or "").lower()
    if part in ("sore", "malam", "malem") and h < 12 or part == "siang" and h < 6:
        h += 12  # ("siang" is midday: 11 siang is before noon, 1 siang after)
    return f"{h % 24}:{minute or '00'}"


def _requested(verb: str) -> str:
    """The English verb of a passive request's ``verb`` ("batalkan" cancel, "hentikan" stop, "hold")."""
    verb = verb.lower()
    if verb == "hentikan":
        return "stop"
    return next((english for stem, english in _STEMS.items() if verb.startswith(stem)), verb)


_INDONESIAN = (
    # the suffix "-nya" (its; "the" of what was said before): "suhunya" its temperature, "max nya" its max;
    # "kejadiannya" (when it happened), "bedanya" (the difference) and a run's own "jalannya" read whole
    (r"\b(?:jam|pukul|kapan)\s+(?:berapa|brp)\s+kejadian(?:nya)?\b", "what time did it happen"),
    # "kalo X nya?" (and the X?): the suffix closing a question after "kalo" asks the same of X
    (r"^(\s*)(?:kalo|kalau)\s+(.{1,40}?)\s*-?\s*nya\s*(?=[?.!]|$)", r"\1what about \2"),
    (r"\bkejadian(?:nya)?\b", "it happened"),
    # "terjadi" (happened): "jam berapa itu terjadi?" (what time did it happen), "kapan itu terjadi?"
    (
        r"\b(?:jam|pukul)\s+" + _ASKS + r"\s+(?:itu\s+|hal\s+itu\s+|ini\s+)?terjadi(?:nya)?\b",
        "what time did it happen",
    ),
    (r"\bkapan\s+(?:itu\s+|hal\s+itu\s+|ini\s+)?terjadi(?:nya)?\b", "when did it happen"),
    (r"\bterjadi\b", "happened"),
    # a question in general, about no thing of this machine: "secara umum" (in general), "apa bedanya X sama
    # Y" (what is the difference between X and Y, each of a few words: "memori HBM3 di H100 sama GDDR6X"),
    # "X itu apa sih?" (what is X?)
    (r"\b(?:secara\s+umum|pada\s+umumnya|umumnya)\b", "in general"),
    (
        r"\b(?:apa\s+)?beda(?:nya)?\s+(.{1,60}?)\s+(?:sama|sm|dan|dgn|dengan)\s+(.{1,60}?)(?:\s+apa(?:an)?)?"
        r"(?=\s*(?:(?:sih|ya|deh|dong|nih)\b|[?.!,]|$))",
        r"what is the difference between \1 and \2",
    ),
    (
        r"(^|[.?!,]\s*)(?:(?:kalau|kalo|terus|trus)\s+)?(?!(?:waktu|saat|pas|yg|yang|jadi)\b)"
        r"([\w.+-]+(?:\s+[\w.+-]+)?)\s+itu\s+apa\b(?:\s+(?:sih|ya))?",
        r"\1what is \2",
    ),
    (r"\b(?:jelaskan|jelasin|terangkan|terangin)\s+(?:secara\s+)?singkat\b", "explain briefly"),
    (r"\b(?:jelaskan|jelasin|terangkan|terangin)\b", "explain"),
    (r"\bmahasiswa\b", "students"),
    # "X Y-nya berapa" opening a clause: what is the X Y ("learning rate-nya berapa?", a term of two words
    # the suffix closes); "log-nya", "GPU-hours-nya" (its log), the suffix after a hyphen on one word
    (
        r"(^|[.?!,]\s*)(?!(?:kalau|kalo|terus|trus|lalu|dan|oh|eh|nah|jadi|berarti)\b)"
        r"([a-z][\w.]*\s+[a-z][\w.]*(?:-[\w.]+)*)-nya\s+" + _ASKS + r"\b",
        r"\1what is the \2",
    ),
    (r"\b([\w.]+(?:-[\w.]+)*)-nya\b", r"its \1"),
    (r"\bjalannya\b", "its run"),
    # words that end in "-nya" of their own: "biasanya" (usually), "maksudnya" (I mean), "sebelumnya"
    (r"\bbiasanya\b", "usually"),
    (r"\b(?:maksudnya|maksud\s+(?:saya|gue|gw|aku))\b", "I mean"),
    (r"\bsebelumnya\b", "before that"),
    (r"\b(?:kayaknya|sepertinya|kelihatannya)\b", "it seems"),
    (r"\b(?:sebenarnya|sebenernya)\b", "actually"),
    (r"\b(?:harusnya|seharusnya)\b", "should"),
    (r"\b(?:akhirnya)\b", "in the end"),
    (r"\b(?:me)?nganggurnya\b", "idle"),  # (its idle time: "berarti nganggurnya berapa jam?")
    (r"\bsibuknya\b", "busy"),
    (r"\burutannya\b", "the order"),
    (r"\b(?!(?:berta|dita|mena|saka)nya\b)([a-z]{3,}\d*)nya\b", r"its \1"),
    (r"\b([\w.-]+)\s+nya\b", r"its \1"),
    (r"\bdi\s+(?=its\b)", "in "),  # "di log nya": in its log
    # particles that ask nothing: "dong", "sih", "deh", "ya", "nih", "aja", "dulu" (first, for now); "gak
    # jadi" after a request (called off: the request said again)
    (r",?\s*\b" + _NOT + r"\s+jadi\b", ""),
    (r"\b(?:krn|karena|karna|gara-gara|gara2)\s+apa(?:\s+(?:aja|saja))?\b", "why"),  # (because of what)
    (r"\b(?:apa|mana)\s+(?:aja|saja)\b", lambda m: "what" if m[0].lower().startswith("apa") else "which"),
    # "kok" asks why where it opens the question or comes before what went wrong ("kok gpu 0 panas?",
    # "405b kok gak jalan"); elsewhere it asks nothing
    (
        r"^(\s*)kok\b|\bkok\b(?=\s+(?:" + _NOT + r"|gagal|mati|crash|lama|lambat|belum|blm|masih|panas)\b)",
        r"\1why",
    ),
    # the passive said as a request: "jangan dibatalkan" (don't cancel it), "di-hold saja" (hold it), "ditahan
    # dulu job 12" (hold job 12 for now); not before "ya" or "kok", which ask ("job 5 dicancel ya?")
    (
        r"\b(?:jgn|jangan)\s+di-?(" + _PASSIVE + r")\b" + _OBJECT,
        lambda m: f"don't {_requested(m[1])}{' it' if m[2] is None else ''}",
    ),
    (
        r"\bdi-?(" + _PASSIVE + r")(?=\s+(?:saja|aja|ajah|dulu|dlu|deh)\b)" + _OBJECT,
        lambda m: f"{_requested(m[1])}{' it' if m[2] is None else ''}",
    ),
    (r"\s*\b" + _DROP + r"\b(?:\s+" + _DROP + r"\b)*", ""),
    (r"\btolong\b|\bplis\b|\bpls\b", "please"),
    # a correction: "maaf, salah nomor" (sorry, wrong number), "eh salah, maksudnya ..." (sorry, I mean);
    # "tugas nomor 7" is job 7, "yang nomor 9" number 9
    (r"\b(?:maaf|mohon\s+maaf|sori)\b", "sorry"),
    (
        r"\bsalah\s+(nomor|angka|ketik|job|tugas|gpu|kartu)\b",
        lambda m: "wrong " + {"nomor": "number", "angka": "number", "ketik": "typo"}.get(m[1].lower(), m[1]),
    ),
    (r"^(\s*)(?:eh\s+)?salah\b,?", r"\1sorry,"),
    (r"\b(job|jobs|tugas|gpu|kartu)\s+(?:nomor|no\.?)\s*(?=\d)", r"\1 "),
    (r"\b(?:yg|yang)\s+(?=(?:nomor|no\.?)\s*\d)", ""),
    (r"\bnomor\b", "number"),
    # "ke-...-an" is "too" ("kegedean" too big, "kelamaan" too long)
    (r"\bke(?:gedean|besaran)\b", "too big"),
    (r"\bkekecilan\b", "too small"),
    (r"\bkelamaan\b", "too long"),
    (r"\bkepanasan\b", "too hot"),
    # "dibanding X gimana?" (and compared with X?)
    (
        r"\b(?:dibanding|dibandingkan|dibandingin)(?:\s+(?:sama|sm|dengan|dgn))?\s+(.{1,60}?)"
        r"(?:\s+(?:gimana|gmn|bagaimana))?(?=\s*(?:[?.!]|$))",
        r"compared with \1",
    ),
    (r"\b(?:dibanding|dibandingkan|dibandingin)(?:\s+(?:sama|sm|dengan|dgn))?\b", "compared with"),
    # the comparative, "lebih X" or the spoken "X-an" ("lamaan" longer, "panasan" hotter), asked of two
    # things said first: "job 7 sama job 8 lamaan mana?" (which ran longer, job 7 or job 8?)
    (
        r"\b((?:job|tugas|gpu|kartu)\s+\d+)\s*,?\s+(?:sama|sm|dan|ato|atau|vs)\s+((?:(?:job|tugas|gpu|kartu)\s+)?\d+)"
        r"\s*,?\s+(?:lebih\s+(lama|panas|boros|sibuk)|(lama|panas|boros|sibuk)an)\s+(?:yg\s+|yang\s+)?mana"
        r"(?:\s+(?:its\s+run|jalan))?\b",  # ("jalannya", read before: its run)
        lambda m: f"which {_COMPARED[(m[3] or m[4]).lower()]}, {m[1]} or {m[2]}",
    ),
    (
        r"\b(?:lebih\s+(lama|panas|boros|sibuk)|(lama|panas|boros|sibuk)an)\b",
        lambda m: _COMPARED[(m[1] or m[2]).lower()],
    ),
    (r"\bato\b", "or"),
    # "power rata2" (the adjective after its noun: average power)
    (
        r"\b(power|daya|suhu|memori|memory|util|utilisasi|temperature|temp)\s+rata[-\s]?(?:rata|2)\b",
        r"average \1",
    ),
    # a question of how, said "cara ... gimana" (the way ... how): "cara set X biar Y gimana?"
    (r"\bcara\b(.*?)\s*\b(?:gimana|gmn|bagaimana)\b", r"how do I\1"),
    # question words: "berapa lama" (how long), "berapa kali" (how many times), "jam berapa" (what time),
    # "yg mana" (which one), "berapa" alone (how much), "apa" (what)
    (r"\b(?:udah|udh|sudah|sdh)\s+" + _RUN + r"\s+" + _ASKS + r"\s+lama\b", "how long has it been running"),
    (
        r"\b(?:udah|udh|sudah|sdh)\s+(?:nunggu|menunggu|antri|ngantri)\s+" + _ASKS + r"\s+lama\b",
        "how long has it been waiting",
    ),
    (r"\b" + _ASKS + r"\s+lama\b", "how long"),
    (r"\b" + _ASKS + r"\s+kali\b", "how many times"),
    (r"\b(\d+)\s+kali\b", r"\1 times"),
    (r"\b" + _ASKS + r"\s+(?:banyak|jumlah)\b", "how many"),
    (r"\b(?:jam|pukul)\s+" + _ASKS + r"\b", "what time"),
    (r"\b" + _ASKS + r"\s+(?=persen|watt|derajat|gb|mb|mhz|jam)", "how many "),
    (r"\b" + _ASKS + r"\b", "how much"),
    (r"\b(?:yg|yang)\s+mana\b", "which one"),
    # "gpu mana yg" (which gpu), "siapa yg" (who), "apa yg" (what): "yg" after a question word says nothing
    (r"\b(job|jobs|gpu|kartu|card|proses|process|tugas)\s+mana(?:\s+(?:yg|yang))?\b", r"which \1"),
    (r"\b(siapa|apa)\s+(?:yg|yang)\b", r"\1"),
    (r"\b(?:dari|sejak)\s+kapan\b", "since when"),
    # "itu kenapa gagal?" (why did that one fail): the subject said before the question word
    (
        r"\b(?:itu|ini|dia)\s+(?:kenapa|knp|mengapa)\s+gagal\b|\b(?:kenapa|knp|mengapa)\s+(?:itu|ini|dia)\s+gagal\b",
        "why did that one fail",
    ),
    # "kapan terakhir GPU 1 dipakai?" (when was GPU 1 last used); "job terakhir yang jalan di sana" (the last
    # job that ran there)
    (
        r"\b(?:kapan\s+terakhir(?:\s+kali)?|terakhir(?:\s+kali)?\s+kapan)\s+(.{1,30}?)\s+"
        r"(?:dipakai|dipake|digunakan|kepake|sibuk|jalan|dijalankan)\b",
        r"when was \1 last used",
    ),
    (
        r"\b(job|jobs|tugas|proses)\s+terakhir\s+(?:yg|yang)\s+(?:jalan|berjalan|dijalankan)\b",
        r"the last \1 that ran",
    ),
    (r"\b(?:kenapa|knp|mengapa|ngapain)\b", "why"),
    (r"\b(?:udah|udh|sudah|sdh)?\s*(?:sampe|sampai)\s+mana\b", "how far along"),
    # what is asked after its noun: "proses apa yg jalan" (what process is running), "job apa"
    (r"\b(proses|process|job|jobs|tugas|gpu|kartu|card|error|model)\s+apa\b", r"what \1"),
    (r"\bkapan\b", "when"),
    (r"\bsiapa\b", "who"),
    (r"\b(?:gimana|gmn|bagaimana)\b", "how"),
    (r"\bapakah\b", "is"),
    (r"\bapa\b", "what"),
    (r"\b(?:di\s*)?mana\b", "where"),
    # hours and days: "dari jam 9" (since 9:00), "dari jam 12 sampe 13:30" (from 12:00 to 13:30), "jam 10
    # pagi" (10 am), "sejam terakhir" (in the last hour), "kemarin sore" (yesterday afternoon)
    # (the part of the day after the hour: "dr jam 6 sore sampe tengah malem", from 18:00 to midnight)
    (
        r"\b(?:dari|dr)\s+(?:jam|pukul)\s+(\d{1,2})(?:[:.](\d\d))?"
        + _PART
        + r"\s+(?:sampe|sampai|smp|hingga|ke|-)\s+(?:(?:jam\s+|pukul\s+)?(\d{1,2})(?:[:.](\d\d))?"
        + _PART
        + r"|(tengah\s+mal[ae]m))\b",
        lambda m: f"from {_hour(m[1], m[2], m[3])} to " + ("midnight" if m[7] else _hour(m[4], m[5], m[6])),
    ),
    (
        r"\b(?:dari|dr|sejak)\s+(?:jam|pukul)\s+(\d{1,2})(?:[:.](\d\d))?" + _PART + r"\b",
        lambda m: f"since {_hour(m[1], m[2], m[3])}",
    ),
    (r"\btengah\s+mal[ae]m\b", "midnight"),
    (
        r"\b(?:jam|pukul)\s+(\d{1,2})(?:[:.](\d\d))?\s+(pagi|siang|sore|malam|malem)\b",
        lambda m: f"{m[1]}{':' + m[2] if m[2] else ''} {'am' if m[3].lower() == 'pagi' else 'pm'}",
    ),
    (r"\b(?:jam|pukul)\s+(\d{1,2})[:.](\d\d)\b", r"\1:\2"),
    (r"\b(?:jam|pukul)\s+(\d{1,2})\b(?!\s*(?:terakhir|lalu))", r"\1:00"),
    (r"\b(?:sejam|satu\s+jam|1\s+jam)\s+(?:terakhir|belakangan|tadi)\b", "in the last hour"),
    (r"\b(\d+)\s+jam\s+(?:terakhir|belakangan)\b", r"in the last \1 hours"),
    (r"\b(\d+)\s+menit\s+(?:terakhir|belakangan)\b", r"in the last \1 minutes"),
    (
        r"\b(\d+)\s+(jam|menit)\s+(?:yg\s+|yang\s+)?lalu\b",
        lambda m: f"{m[1]} {'hours' if m[2].lower() == 'jam' else 'minutes'} ago",
    ),
    (r"\b(\d+)\s+jam\b", r"\1 hours"),
    (r"\bsejam\b", "an hour"),
    (r"\bjam\b", "hours"),
    (r"\bpersen\b", "percent"),
    (r"\b(?:kemarin|kemaren|kmrn)\s+(?:pagi)\b", "yesterday morning"),
    (r"\b(?:kemarin|kemaren|kmrn)\s+(?:siang|sore)\b", "yesterday afternoon"),
    (r"\b(?:kemarin|kemaren|kmrn)\s+(?:malam|malem)\b|\bsemalam\b|\btadi\s+malam\b", "last night"),
    (r"\b(?:kemarin|kemaren|kmrn)\b", "yesterday"),
    (r"\b(?:dari|sejak)\s+(?:tadi\s+|td\s+)?pagi\b", "since this morning"),
    (r"\b(?:waktu|saat|pas)\s+itu\b", "at that time"),
    (r"\b(?:tadi|td)\s+pagi\b|\bpagi\s+ini\b", "this morning"),
    (r"\b(?:tadi|td)\s+(?:siang|sore)\b|\b(?:siang|sore)\s+ini\b", "this afternoon"),
    (r"\bhari\s+ini\b", "today"),
    (r"\bminggu\s+ini\b", "this week"),
    (r"\bminggu\s+lalu\b", "last week"),
    (r"\bbesok\b", "tomorrow"),
    (r"\b(?:sekarang|skrg|skr|saat\s+ini)\b", "now"),
    (r"\bbarusan\b", "just now"),
    (r"\b(?:tadi|td)\b", "earlier"),
    (r"\b(?:sampe|sampai|smp|hingga)\b", "until"),
    (r"\b(?:dari|dr)\b", "from"),
    (r"\bsejak\b", "since"),
    (r"\bselama\b", "during"),
    (r"\bsebelum\s+(?:jalan|mulai|running|start)\b", "before it started"),
    (r"\bsebelum\b", "before"),
    (r"\b(?:sesudah|setelah|abis|habis)\b", "after"),
    # superlatives and means: "paling tinggi" (highest), "paling boros" (used the most energy), "rata2"
    (r"\bpaling\s+boros\b(?:\s+(?:energi|listrik|daya))?", "used the most energy"),
    (r"\bpaling\s+(?:tinggi|gede|besar)\b|\btertinggi\b|\bterbesar\b", "highest"),
    (r"\bpaling\s+(?:rendah|kecil)\b|\bterendah\b|\bterkecil\b", "lowest"),
    (r"\bpaling\s+panas\b|\bterpanas\b", "hottest"),
    (r"\bpaling\s+sibuk\b|\btersibuk\b", "busiest"),
    (r"\bpaling\s+lama\b|\bterlama\b", "longest"),
    (r"\bpaling\s+(?:cepat|cepet|singkat)\b|\btercepat\b", "shortest"),
    (r"\bpaling\b", "most"),
    (r"\brata[-\s]?(?:rata|2)\b", "average"),
    (r"\bmaks\b", "max"),
    (r"\bpuncak\b", "peak"),
    # verbs and states: "lagi jalan" (is running), "dipake" (used), "nunggu" (waiting), "gagal" (failed),
    # and the requests: "tahan" (hold), "lanjutin" (resume), "ulangi" (retry), "batalin" (cancel)
    (r"\b(?:jalanin|jalankan)\s+(?:lagi|ulang)\b|\bcoba\s+lagi\b|\b(?:ulangi|ulangin|ulang)\b", "retry"),
    (r"\b(restart|retry|rerun|resume|submit|start|coba)\s+(?:lagi|lg)\b", r"\1 again"),  # "restart lagi"
    (r"\b(?:lagi|lg|sedang|sdg|masih)\s+" + _RUN + r"\b", "is running"),
    (r"\b(?:lagi|lg|sedang|sdg|masih)\s+(?:pake|pakai|make|memakai|menggunakan)\b", "is using"),
    (r"\b(?:yg|yang)\s+(?:lagi\s+|lg\s+)?" + _RUN + r"\b", "running"),
    (r"\b(?:lagi|lg|sedang|sdg|masih)\s+(?:dipake|dipakai|digunakan)\b", "is used"),
    (r"\b(?:lagi|lg|sedang|sdg|masih)\s+(?:nunggu|menunggu|antri|ngantri)\b", "is waiting"),
    # an English verb after "lagi" (the present going on): "lagi throttle" is throttling
    (
        r"\b(?:lagi|lg|sedang|sdg)\s+(throttle|train|load|save|download|upload|compile|build|process|hang"
        r"|crash|restart|sleep|swap|spin|write|read|wait|use|run)\b",
        lambda m: "is " + ing_form(m[1].lower()),
    ),
    (r"\b(?:lagi|lg|sedang|sdg)\s+(?!(?:job|gpu|card|kartu|yg|yang|dong|ya|deh|sih)\b)(?=[a-z])", "is "),
    (r"\blagi\b", "again"),
    (r"\b" + _NOT + r"\s+" + _RUN + r"(?:2|-" + _RUN + r")?\b", "not running"),
    (r"\b(?:jgn|jangan)\b", "don't"),
    (r"\b(?:sempet|sempat)\s+(?=jalan|running)", ""),
    (r"\b(?:jalan|berjalan)(?:2)?\b", "run"),
    (r"\b(?:jalanin|jalankan)\b", "run"),
    (r"\b(?:dipake|dipakai|digunakan|kepake|terpakai)\b", "used"),
    # the passive's "di-" on an English verb: "dicancel" cancelled, "direstart" restarted; "dicoba" tried
    (
        r"\bdi-?(cancel|restart|retry|rerun|pause|resume|hold|kill|stop|submit|release|start|run)\b",
        lambda m: past_form(m[1].lower()),
    ),
    (r"\bdi-?coba\b", "tried"),
    (r"\bdi(" + _PASSIVE + r")\b", lambda m: past_form(_requested(m[1]))),  # "dibatalkan": cancelled
    (r"\bcoba\b", "please"),  # "coba cek log-nya" (do check its log)
    (r"\bmulai\b", "started"),
    (r"\b(?:pake|pakai|make|memakai|menggunakan)\b", "use"),
    (r"\b(?:makan|ngabisin|habisin|menghabiskan)\b", "used"),  # ("ngabisin energi": used energy)
    (r"\b(?:nunggu|menunggu|antri|ngantri)\b", "waiting"),
    (r"\b(?:antrian|antrean)\b", "queue"),
    (r"\b(?:gagal|crash|error|mati)\s+(?:terus|trus|melulu|mulu)\b", "keeps failing"),
    (r"\bgagal\b", "failed"),
    (r"\b(?:selesai|kelar|beres)\b", "finished"),
    (r"\bsukses\b|\bberhasil\b", "succeeded"),
    (r"\bmati\b", "died"),
    (r"\bberhenti\b", "stopped"),
    (r"\bbatal\b", "cancelled"),
    (r"\b(?:batalin|batalkan|cancelin)\b", "cancel"),
    (r"\b(?:tahan|tahanin)\b", "hold"),
    (r"\b(?:lanjutin|lanjutkan)\b", "resume"),
    (r"\b(?:lepas|lepasin|lepaskan)\b", "release"),
    (r"\b(?:pindahin|pindahkan)\b", "move"),
    # "tukar urutan job 12 dan 13" (swap the order of jobs 12 and 13)
    (r"\b(?:tukar|tukarkan|tukerin|tuker)\s+(?:urutan|posisi)(?:nya)?\b", "swap the order of"),
    (r"\b(?:tukar|tukarkan|tukerin|tuker)\b", "swap"),
    (r"\burutan\b", "order"),
    # the object said first ("yg 12 naikin jg": raise 12's too); "jadi 10" (to 10)
    (
        r"\b(?:yg|yang|job|tugas)\s+(\d+)\s+(naikin|naikkan|turunin|turunkan)"
        r"(?:\s+(?:its\s+)?(?:prioritas|priority|prio)(?:nya)?)?\b",
        lambda m: f"{'raise' if m[2].lower().startswith('naik') else 'lower'} the priority of {m[1]}",
    ),
    (r"\bjadi\s+(?=\d)", "to "),
    (r"\b(?:ubah|ganti|set)\s+(?=prioritas\b)", "set the "),  # "ubah prioritas job 4 jadi 7"
    (r"\b(?:naikin|naikkan)\s+(?:prioritas|priority|prio)\b", "raise the priority of"),
    (r"\b(?:turunin|turunkan)\s+(?:prioritas|priority|prio)\b", "lower the priority of"),
    (r"\bprioritas\b", "priority"),
    # a request with its object left unsaid, as Indonesian leaves it ("jalanin lagi dong", "release dong"):
    # the job talked about
    (
        r"\b(retry|rerun|release|cancel|hold|resume|restart)\b(?<!on hold)(?=\s*(?:[?.!]|$))",
        r"\1 it",
    ),
    (r"\b(?:bandingin|bandingkan|banding)\b", "compare"),
    (r"\b(?:cek|liat|lihat|tunjukin|tunjukkan|kasih\s+liat)\b", "show"),
    (r"\b(?:bikinin|buatin|buatkan|tulisin|tuliskan)\b", "write"),
    (r"\bnulis\b", "say"),
    (r"\b" + _NOT + r"\s+(?:bisa)\b", "cannot"),
    (r"\b(?:blm|belum)\b", "not yet"),
    (r"\b" + _NOT + r"\b(?=\s*(?:[?.!]|$))", "or not"),  # "sukses gak?": succeeded or not
    (r"\b" + _NOT + r"\b", "not"),
    # the nouns of a machine and its queue
    (r"\bsuhu\b", "temperature"),
    (r"\bsibuk\b", "busy"),
    (r"\b(?:me)?nganggur\b", "idle"),
    (r"\b(?:memori|memory)\b", "memory"),
    (r"\bdaya\b", "power"),
    (r"\blistrik\b", "electricity"),
    (r"\benergi\b", "energy"),
    (r"\b(?:pemakaian|penggunaan)\s+([\w-]+)", r"\1 usage"),  # "pemakaian memori": memory usage
    (r"\b(?:pemakaian|penggunaan)\b", "usage"),
    (r"\butilisasi\b", "utilization"),
    (r"\btugas\b", "job"),
    (r"\bkartu\b", "card"),
    (r"\bproses\b", "process"),
    (r"\bkipas\b", "fan"),
    (r"\bpanas\b", "hot"),
    (r"\bderajat\b", "degrees"),
    (r"\b(?:di\s*atas|lebih\s+dari)\b", "above"),
    (r"\b(?:di\s*bawah|kurang\s+dari)\b", "below"),
    (r"\bbaris\b", "line"),
    # the adjective after its noun: "baris terakhir" (the last line), "job pertama" (the first job)
    (r"\b(?:yg|yang)\s+terakhir\b", "the last one"),
    (r"\b([a-z]+)\s+terakhir\b", r"the last \1"),
    (r"\b([a-z]+)\s+pertama\b", r"the first \1"),
    (r"\bterakhir\b", "last"),
    (r"\bpertama\b", "first"),
    (r"\bhasil\b", "result"),
    (r"\bmenit\b", "minutes"),
    (r"\bdetik\b", "seconds"),
    (r"\bpercobaan\b", "attempts"),
    (r"\bpengumuman\b", "announcement"),
    (r"\bsingkat\b", "short"),
    (r"\btim\b", "team"),
    (r"\bbiasanya\b", "usually"),
    (r"\brekomendasi\b", "recommended"),
    (r"\bcara\b", "how to"),
    # the short forms and small words: "yg" (that, the one), "utk" (for), "krn" (because), "sm" (with)
    (r"^(\s*)(?:kalo|kalau)\b", r"\1what about"),
    (r"\b(?:kalo|kalau)\b", "if"),
    # the demonstrative after its noun: "job itu" (that job), "gpu ini" (this gpu)
    (
        r"\b(job|jobs|gpu|card|process|run|log|queue)\s+(itu|ini|tsb|tersebut)\b",
        lambda m: ("this " if m[2].lower() == "ini" else "that ") + m[1],
    ),
    (r"\b(?:di\s+)?(?:sana|situ)\b", "there"),
    (r"\b(?:di\s+)?sini\b", "here"),
    (r"\b(?:yg|yang)\s+(?=itu\b)", ""),
    (r"\bitu\b(?=\s*(?:[?.!,]|$))", "that one"),
    (r"\btuh\b", "that"),  # (the spoken "itu": "jam brp tuh", what time was that)
    (r"\b(?:yg|yang)\s+(?=is\b|not\b)", "the one that "),
    (r"\b(?:yg|yang)\s+(?=\d|[a-z]+\d)", "the "),
    (r"\b(?:yg|yang)\b", "that"),
    (r"\b(?:utk|untuk|buat)\b", "for"),
    (r"\b(?:krn|karena|karna)\b", "because of"),
    (r"\b(?:dgn|dengan|sama)\b", "with"),
    (r"\bsm\b(?!\s*(?:clock|clk|util\w*|activ\w*|occupancy|freq\w*|count|\d))", "with"),  # (not "sm clock")
    (r"\b(?:juga|jg)\b", "too"),
    (r"\b(?:tapi|tetapi)\b|\btp\b(?!\s*[=:\d])", "but"),  # (not tensor parallel's "tp=4")
    (r"\bdan\b", "and"),
    (r"\batau\b", "or"),
    (r"(^\s*|[.?!]\s*)(?:trus|terus|lalu)\b", r"\1then"),
    (r"\b(?:trus|terus)\b", "keeps"),
    (r"\b(?:udah|udh|sudah|sdh)\b", "already"),
    (r"\bberarti\b", "so"),
    (r"\bbiar\b", "so that"),
    (r"\bduluan\b", "first"),
    (r"\b(?:cuma|cuman|hanya|doang)\b", "only"),
    (r"\b" + _NOT + r"\s+ada\b", "there is no"),
    (r"\bsendiri\b", "itself"),
    (r"\bsemua\b", "all"),
    (r"\b(?:saya|aku|gue|gw)\b", "I"),
    (r"\b(?:kamu|lu|lo|anda)\b", "you"),
    (r"\bdia\b", "it"),
    (r"\bini\b", "this"),
    (r"\bitu\b", "that"),
    (r"\bmau\b", "want to"),
    (r"\bbisa\b", "can"),
    (r"\bada\b", "is there"),
    (r"\bdi\s+(?=queue|log)", "in the "),
    (r"\bdi\s+(?=(?:that|this)\b)", "in "),  # "di job itu": in that job
    (r"\bdi\b(?=\s+(?:gpu|card|h100|h200|a100|rtx|gtx|4090|3090|\d))", "on"),
    (r"\bdi\s+(?=[a-z])", ""),  # the passive's "di" before an English verb ("di save": saved)
    (r"\bke\b", "to"),
    (r"\s+(?=[?.!,;:])", ""),
)
_INDONESIAN_READ = compiled(_INDONESIAN)  # compiled once


def indonesian_read(text: str, lean: Lean | None = None) -> str:
    """An Indonesian or Indonesian-English message in English (see :data:`_INDONESIAN`); a message with no
    Indonesian mark of its own (:data:`_INDONESIAN_MARK`) as it was."""
    return read_where_marked(text, _INDONESIAN_MARK, _INDONESIAN_READ, lean, "indonesian")
