"""Questions in the machine's words that are not about the machine: general knowledge and opinions.

"Can you explain what a transformer model is", "what is an h100", "what does tflops stand for" name
things this machine has (a model, a GPU, a reading), so their topic words would pick a query; but they ask
what a thing is in general, which no reading of this machine answers. "Is an h100 any good for gaming",
"is the 4090 worth it", "should i buy a second card" ask for an opinion about hardware, not its state.
:func:`asks_elsewhere` tells them apart so the rule picker refuses them (the refusal says what can be
asked) instead of answering with a GPU list or a reading nobody asked for.

Advice about one's own work ("what's the best learning rate for mistral 7b", "should i use bf16 for
llama", "how many epochs should i train for") is general knowledge too, even when it names a job's model:
:func:`asks_advice` tells it apart once the picker knows no GPU is named ("should i use the h100 or the
4090" asks which GPU is free).

What stays a question about the machine: "explain why job 3 failed", "what does that mean" (about the
last answer), "what's a normal temp for gpu 0" (a judgement of a reading), "is anyone gaming on gpu 1"
(who uses a GPU).
"""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.words import places_new_work

# a unit the readings are said in, named as a word ("kwh", "gib", "gpu hours"): no thing of this machine
_UNIT = (
    r"(?:watts?|w|kw|kilowatts?|kwh|kilowatt hours?|wh|watt hours?|joules?|j|gib|gb|mib|mb|gigabytes?"
    r"|gibibytes?|megabytes?|mebibytes?|tflops?|tflop s|flops|gpu hours?|gpu time|mhz|ghz|celsius|fahrenheit)"
)
# how simply an explanation is asked: "in simple words", "in plain english", "briefly"
_MANNER = (
    r"(?: (?:simply|briefly|quickly"
    r"|in (?:very )?(?:simple|plain|easy|basic|everyday|laymans?|layman s|lay|short)"
    r"(?: (?:words|terms|english|language))?|like (?:i m|im|i am) (?:five|5)))"
)
# A request to explain or define a thing in general: "explain what a transformer is", "define an epoch".
_EXPLAIN = re.compile(
    # (the manner said first: "explain to me in simple words what a learning-rate sweep is")
    rf"\b(?:explain|define|describe|teach me)(?: to (?:me|us))?{_MANNER}?(?: (?:what|how))? (?:a|an) \w"
    r"|\b(?:definition|meaning) of\b"
    # two kinds of thing or two units told apart: "the difference between a kW and a kWh", "difference
    # between GB and GiB" (not "the difference between gpu 0 and gpu 1", which names this machine's)
    r"|\bdifference between (?:a|an) [\w-]+(?: [\w-]+)? and (?:a|an) \w"
    rf"|\bdifference between {_UNIT} (?:and|vs|versus) {_UNIT}\b"
    r"|\bhow (?:does|do) (?:a|an) [\w -]{1,30}? work\b"
    # "explain how flash attention works", "how does paged attention work" (not "how does the queue work")
    # ("explain briefly how attention works": the manner said before the how)
    rf"|\b(?:explain|describe|teach me)(?: to me)?{_MANNER}? how"
    r" (?!(?:the|my|our|this|it|its)\b)[\w -]{1,40}? works?\b"
    r"|^how (?:does|do) (?!(?:the|my|our|this|that|it|its|you|gpuaccel)\b)[\w -]{1,30}? work\b"
    # what a method saves: "how does gradient checkpointing save memory" (not "how does the queue save")
    r"|\bhow (?:does|do|can) (?!(?:the|my|our|this|that|it|its|you|gpuaccel|gpu|job)\b)[\w -]{1,30}?"
    r" (?:save|reduce|cut|lower) (?:memory|vram|activations?|compute)\b"
    # "in general": hardware or methods at large ("is an a100 faster than an h100 in general"; not "how are
    # my gpus doing in general", which names this machine's)
    r"|^(?!.*\b(?:my|our|the|this|these|those|its|it)\b).*\b(?:in general|generally speaking)\b"
    # two ideas set side by side to explain: "explain bf16 vs fp16 in one line" (not a reading of the cards)
    r"|\b(?:explain|describe)(?: to me)? [\w-]+ (?:vs|versus) [\w-]+\b"
)
# two ideas told apart: "the difference between data parallel and tensor parallel", "nvidia-smi util vs sm
# active, what's the difference" (:func:`_ideas_told_apart` reads whether they are this machine's things)
_TOLD_APART = re.compile(
    r"\bdifferences? between (?P<a>[\w -]+?) (?:and|vs\.?|versus) (?P<b>[\w -]+)"
    # "between" left out, as a speaker of a language without it says it: "what is difference bf16 and fp16"
    r"|\bwhat(?:'?s| is) (?:the )?differences? (?!between|in|of|on|for|from|with|to)(?P<e>[\w-]+(?: [\w-]+)?)"
    r" (?:and|vs\.?|versus) (?P<f>[\w -]+)"
    # the two named first, then the difference asked: "fp16 and bf16, what difference is for training", as a
    # speaker of a language that puts the verb last says it
    r"|(?:^|\b(?:bro|bhai|so|ok|okay|hey|and|but|between)\b\s*,?\s*)(?P<g>[\w-]+) (?:and|vs\.?|versus|or)"
    r" (?P<h>[\w-]+)\b(?: \w+){0,3}? (?:what(?:'?s| is)?|whats|which) (?:the |is the )?"
    r"(?:differences?|diffs?)\b"
    r"|(?P<c>[\w-]+(?: [\w-]+){0,3}) (?:vs\.?|versus) (?P<d>[\w-]+(?: [\w-]+){0,3})\s*[,:;-]?\s*"
    # ("bf16 vs fp16 what diff", as a terse writer asks it)
    r"(?:what'?s|whats|what is|what are|what)(?: the)? (?:differences?|diffs?)\b"
)
# words that make a thing told apart this machine's ("between gpu 0 and gpu 1", "between the two cards",
# "between today and yesterday", "between the peak and mean", "between job 7 and job 8")
_OURS_TOLD = set(
    "the this that these those them both my our its their today yesterday morning afternoon evening night"
    " hour week peak mean average max min job jobs run runs sweep gpu gpus card cards".split()
)


def _ideas_told_apart(text: str) -> bool:
    """Whether ``text`` asks how two ideas differ, neither of them this machine's: no number or card model
    (a precision, "fp16 and bf16", is an idea) and none of :data:`_OURS_TOLD` in what is told apart (what
    follows "of" or "for" says what they are of: "TDP and TGP of graphic card")."""
    for m in _TOLD_APART.finditer(text):
        a, b = next(
            (m[x], m[y]) for x, y in (("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")) if m[x] is not None
        )
        b = re.split(r"\b(?:of|for|in|on|when|while)\b", b)[0]
        said = f"{a} {b}".split()
        ours = _OURS_TOLD & set(said)
        numbered = any(re.search(r"\d", w) and not re.match(r"(?:fp|bf|int|tf|e\dm)\d", w) for w in said)
        if not ours and not numbered:
            return True
    return False


# A request for code or text of one's own: "can you write a training loop", "implement a dataloader" (not
# "write a report" or a summary, which the picker keeps)
WRITING = re.compile(
    # ("ok, and can you write me ...", "kindly write a small polite mail")
    r"^(?:(?:hey|hi|so|ok|okay|and|great|thanks(?: a (?:million|lot|bunch|ton)| so much| loads)?"
    r"|thank you(?: so much| very much)?|cheers|please|pls|plz|kindly),? )*"
    # ("any chance you'd write me a line", "would you ever draft a note": asked as a favour)
    r"(?:(?:(?:can|could|would|will) (?:you|u)|any chance (?:youd|you|u)(?: (?:could|would|can|might))?)"
    r" (?:ever |please |pls |just )?)?"
    r"(?:write|compose|implement|code up|generate|draft|give me (?:a|an|some) (?:code|script|snippet))\b"
    r"|\bhelp (?:me |us )?(?:to )?(?:write|draft|compose|word|phrase)\b"  # "could you help me write a note"
    # a message to someone, wherever its verb stands: "i need to draft a message to my manager asking for
    # another gpu", "a short msg to the manager draft kar de" (the verb after its object, as Hindi puts it)
    r"|\b(?:draft|write|compose)(?: (?:me|us|up))?(?: (?:a|an|one|the))?(?: [\w-]+){0,2}"
    r" (?:msg|message|mail|email|e mail|letter|memo|dm)\b"
    r"|\b(?:msg|message|mail|email|e mail|letter|memo|dm)(?: (?:to|for) (?:the |my |our )?\w+)?"
    r" (?:draft|compose)\b"
    # one's own code to change: "can you fix my training script so it stops running out of memory"
    r"|\b(?:fix|debug|rewrite|refactor|patch|edit|modify|change|tune) (?:my|our|the|this|her|his|their)"
    r" (?:[\w-]+ ){0,2}"
    r"(?:code|script|scripts|program|notebook|config|dataloader|data loader|function|model code"
    r"|training loop)\b"
    # changes to it suggested: "could you suggest changes to our training script, gradient checkpointing?"
    r"|\b(?:changes?|tweaks?|edits?|improvements?|modifications?) (?:to|in|for) (?:my|our|the|this|her|his"
    r"|their) (?:[\w-]+ ){0,2}(?:code|script|scripts|program|notebook|config|dataloader|data loader"
    r"|training loop)\b"
    # one's own files to read over: "could you look over my Snakefile", "review our Dockerfile"
    r"|\b(?:look (?:over|at|through)|review|go (?:over|through)|proofread|read through|check)"
    r" (?:my|our|her|his|their) (?:[\w-]+ ){0,2}"
    r"(?:code|scripts?|snakefile|makefile|dockerfile|config|yaml|notebook|pipeline|kernel|file|rules?"
    r"|slurm script|sbatch script|job script)\b"
)
# the machine's report or summary as what is to be written ("write me a report of today", "draft a short
# summary of the queue": the picker's summary), not words for a report ("write me a sentence for the report
# saying we use the GPUs responsibly": text of one's own)
_REPORT_WRITTEN = re.compile(
    r"\b(?:write|compose|draft|generate|give|make|put together|prepare)(?: (?:me|us|up))?"
    r"(?: (?:a|an|the|my|our|this|that|todays|quick|short|brief|small|little|full|usual))*(?: [\w-]+)?"
    r" (?:report|summary|recap|rundown|overview)\b"
    r"|^(?:report|summary)\b"
)
# a name to think up, whatever the machine words beside it: "now i need a fun name for the new server,
# ideas?", "suggest a hostname for our box" (not "what is the name of the new server")
_NAMING = re.compile(
    # a title to think up: "suggest a good title for my thesis"
    r"\b(?:suggest|propose|think of|come up with|give me)\b.{0,30}"
    r"\b(?:titles?|headlines?|taglines?|slogans?)\b"
    r"|\b(?:names?|nicknames?|hostnames?)(?: ideas?)? for (?:the|our|my|a|this|that) (?:new |next |second )?"
    r"(?:server|machine|box|cluster|node|gpu|card|rig|workstation|project|team|lab)\b"
)
# what a note to write should say, asked as a question of this machine: "draft two sentences for the
# newsletter saying how much electricity the big card used over the last 24 hours" (the figure is the
# machine's to give; "a mail to say that the H100 is taken" tells what to write, and asks nothing)
_FIGURE_ASKED = re.compile(
    r"\b(?:saying|stating|telling(?: \w+)?|showing|giving|reporting|with|on|about|that says)"
    r" (?:how (?:much|many|long|hard|hot|busy|often)|when (?:the|our|each|it)|which (?:job|card|gpu)s?)\b"
)


def figure_asked(text: str) -> bool:
    """Whether a request to write asks for a figure of this machine in it (the figure is answered)."""
    return _FIGURE_ASKED.search(text) is not None


# help with the shell's tools: "how do i keep my sweep alive when ssh drops, tmux or nohup?"
_SHELL_HELP = re.compile(
    r"\b(?:how|hw) (?:to|(?:do|can|should|would) (?:i|we|u|you))\b"
    r".*\b(?:tmux|nohup|screen|ssh|systemd|crontab|cron|bashrc|zshrc|conda|venv|pip|mount|nfs|nas|smb|samba"
    r"|fstab|sshfs|rsync|scp|firewall|ufw|iptables|docker|apt|sudo|chmod|chown)\b"
    r"|\b(?:tmux|nohup) (?:or|vs|versus) (?:tmux|nohup|screen)\b"
    # another tool's rules and queries: "how to write a PromQL alert rule: GPU temp over 85 for 5 min?"
    r"|\bhow (?:to|do (?:i|we)|can (?:i|we)|would (?:i|we)|should (?:i|we))"
    r" (?:write|set up|setup|configure|define|make|build)\b.{0,20}"
    r"\b(?:promql|prometheus|grafana|alertmanager|alert(?:ing)? rules?|recording rules?|dashboards?"
    r"|queries|query)\b"
    # another tool's command line: "what's the nvidia-smi command to see a card's clocks"
    r"|\b(?:what|which)(?:'s|’s| is| s|s)? (?:the )?"
    r"(?:nvidia[- ]smi|nvtop|dcgmi|tmux|docker|git|conda|pip|systemctl|sbatch|squeue|scontrol|srun)\b"
    r".{0,30}\b(?:command|flag|option|switch|syntax)\b"
    # a system service's settings: "sane nfs export options for /scratch", "zfs tuning for the scratch pool"
    r"|\b(?:nfs|exports|fstab|samba|smb|sshd|iptables|ufw|zfs|lvm|raid|mdadm)\b.*"
    r"\b(?:options?|settings?|flags?|config|configs|configuration|setup|tuning|params?|parameters?)\b"
)
# how to do something in a library of one's own work: "how to enable gradient checkpointing in pytorch for
# llama", "how in pytorch to enable it" (not a job named like the model)
_LIBRARY_HELP = re.compile(
    r"^(?=.*\bhow (?:to|(?:do|can|should|would) (?:i|we|you))\b).*\b(?:in|with|using) (?:pytorch|torch"
    r"|tensorflow|jax|keras|transformers|hugging ?face|deepspeed|lightning|accelerate|vllm|peft)\b"
    # a model carried to another framework or format: "how to convert a pytorch model to onnx", "how do i
    # export my model to tensorrt"
    r"|\bhow (?:to|(?:do|can|should|would) (?:i|we|you))"
    r" (?:convert|export|port|quantize|quantise|serialize|compile|trace|save|load)\b.{0,40}"
    r"\b(?:to|into|as|in|from) (?:an? )?(?:onnx|tensorrt|trt|torchscript|gguf|ggml|safetensors|coreml|tflite"
    r"|openvino|pytorch|torch|tensorflow|jax|keras)\b"
)
# a message sent to someone else: "send Marc an email that his job failed", "shoot the team a quick message",
# "email the team that job 9 crashed", "notify anna that the sweep is done" (no mail leaves this machine from
# the chat, whatever job it names; not "send me the log", nor "what message did it log")
_MESSAGE_SENT = re.compile(
    r"\b(?:send|shoot|drop|fire off|forward)(?! (?:me|us)\b)(?: [\w-]+){0,2}?(?: (?:an?|the|one))?"
    r"(?: (?:quick|short|brief|little))? (?:msg|message|mail|email|e mail|text|note|dm|slack)\b"
    r"|\b(?:email|e mail|mail|message|text|notify|slack|dm) (?!(?:me|us)\b)(?:the )?[\w-]+"
    r" (?:that|about|saying|to say)\b"
)
# how to word something in English: "how to write it correctly in English in a paper, power draw or power
# consumption?" (a question of wording, whatever machine words it quotes)
_WORDING = re.compile(r"^(?=.*\bin english\b).*\bhow\b.{0,40}\b(?:write|say|phrase|word|spell|translate)\b")
# statistics the history does not keep, asked of a reading ("its median temperature"), and
# how to compute something in a language or the shell ("a bootstrap interval in R", "count the lines of a
# file in bash"): no reading of this machine answers
_NOT_KEPT = re.compile(
    r"\b(?:median|medians|std ?dev|standard deviation|variance|confidence intervals?)\b"
    r"|\bhow (?:to|(?:would|do|can|should) (?:i|we)) (?:compute|calculate|count|plot|do|write|code)\b.*"
    r"\bin (?:r|python|excel|pandas|numpy|matlab|julia|sql|bash|zsh|the shell|powershell)\b"
)
# one's own source file to review or fix: "review the gradient accumulation logic in our train.py"
_OWN_FILE = re.compile(
    r"\b(?:review|check|look (?:over|at|through)|go (?:over|through)|fix|debug|audit)\b.*"
    r"\b[\w-]+ (?:py|sh|yaml|yml|ipynb|cfg|toml|cpp|cu)\b"
    # what is in it: "is there something in my setup.py that would cause a segfault"
    r"|\b(?:something|anything|what) in (?:my|our|the) [\w-]+ (?:py|sh|yaml|yml|ipynb|cfg|toml|cpp|cu)\b"
)
# how well one's own model scores, which no GPU reading or job record says: "my XGBoost gives a little
# different AUC every run, why?", "why did my validation accuracy drop"
_MODEL_SCORE = re.compile(
    r"\bmy\b[^.?!]*\b(?:auc|roc auc|accuracy|f1|bleu|rouge|iou"
    r"|overfit\w*|underfit\w*|convergence|converge|converges|converged)\b"
    # a competition's standings: "what's the top public LB score in the comp right now?" (not the jobs'
    # "gpu-hours leaderboard", a ranking)
    r"|\b(?:public|private) (?:lb|leaderboard)\b|\blb scores?\b"
    r"|\b(?:kaggle|competition|comp) (?:leaderboard|lb)\b"
    r"|\bleaderboard\b.*\b(?:competition|comp|kaggle|my team|our team)\b|\b(?:my|our) team\b.*\bleaderboard\b"
)
# what another system grants: "how many GPU-hours do I have left on the HPC cluster", "my quota there"
_ALLOWANCE = re.compile(
    r"\b(?:quota|quotas|allowance|service units|credits)\b"
    r"|\b(?:my|our|their|the group s) (?:\w+ )?allocation\b"
)
# A product for a GPU: "the best thermal paste for a 4090", "a good cooler for my h100": shopping, not the
# machine (not "the best gpu for my job", which asks which one is free)
_PRODUCT = re.compile(
    r"\b(?:best|good|better|recommended) (?!(?:gpu|gpus|card|cards|one|time|moment)\b)(?:\w+ ){1,2}"
    r"for (?:a |an |my |the |our )?(?:[a-z]+ )?[a-z]*\d+\w*\b"
)
# "what is a transformer", "what's an h100": the whole question is "what is a <thing of 1-3 words>". A longer
# one names a state or a use ("what's a free gpu i can use", "what is an idle gpu right now"): a question
# about this machine, as is a thing with a state or judgement word ("what's an available card", "what's a
# normal temp"). A number format or a memory technology needs no article ("what is bf16?", "what's hbm3
# exactly?"): named alone it is the idea asked, not this machine's bf16 peak or memory.
_WHAT_IS_A = re.compile(
    r"^(?:(?:so|ok|okay|and|also|hey|um|but|quick question) )*(?:what|wat) ?(?:exactly |really |actually )?"
    r"(?:is|s|are) (?:(?:a|an) (?P<thing>\w+(?: \w+){0,2})"
    r"|(?:bf16|fp16|fp32|fp64|fp8|fp4|tf32|int8|int4|hbm\d?e?|gddr\d\w*))"
    r"(?: (?:exactly|anyway|really|in general|in plain english|in simple terms"
    r"|in laymans terms|in plain words|in a nutshell|in everyday terms|in everyday words|in real terms"
    r"|in real life|in practice|in practical terms|in simple words|in short|simply|briefly))?$"
)
_QUOTED_TERM = re.compile(r"(?:^|\s)['\"\u2018\u201c][a-zA-Z][\w -]{1,30}['\"\u2019\u201d](?=[\s.,?!]|$)")
STATE_WORDS = {
    "free", "idle", "available", "unused", "busy", "spare", "open", "empty", "running", "current",
    "good", "normal", "safe", "typical", "reasonable", "healthy", "ok", "okay", "bad", "high", "low", "lot",
    "usual", "hot", "cool",
}  # fmt: skip
_KWH = r"(?:kwh|kilowatt[\s-]?hours?|kw[\s-]?h)\b"  # a unit of energy, as it is priced
# Said of the present: "is the h100 any good right now" asks how it is doing, not for an opinion of it.
_NOW = re.compile(r"\b(?:right now|now|currently|at the moment|atm|today)\b")
# "what does tflops mean", "what does oom stand for" (not "what does that mean" about the last answer)
_MEANS = re.compile(
    r"\bwhat (?:does|do) (?!(?:that|this|it|its)\b)[\w -]{1,30}? (?:mean|stand for)\b"
    # "xid 79 means what again", as some put the question word last
    r"|^(?:and |so |ok )?(?!(?:that|this|it|its)\b)[\w -]{1,30}? (?:means|stands for) what\b"
)
# An opinion about hardware: "any good", "worth it", "should i buy"; gaming is no use of this machine's.
_OPINION = re.compile(
    r"\bany good\b|\bworth (?:it|buying|getting|the money|upgrading)\b"
    # "is nvlink worth the bother", "is it worth redoing the paste on a 4090": a job on hardware to judge;
    # "is it worth using bf16 for a u-net": a method for one's work
    r"|\bworth (?:the (?:bother|hassle|effort|trouble)|doing|trying|using|enabling|training|switching"
    r"|adding|replacing|swapping|re\w+ing)\b"
    r"|\bshould (?:i|we) (?:buy|get|upgrade|pick)\b|\brecommend"
    # "nccl vs gloo for allreduce, which is better?": a comparison of methods or products
    r"|\b(?:which|what)(?: one)? (?:is|s|would be|works) (?:better|best|preferable|preferred)\b"
    # "grad checkpointing or a smaller batch, which would you do?": the assistant's choice for one's work
    r"|\b(?:which|what)(?: one)? would you (?:do|choose|pick|go with|use|try|recommend|suggest)\b"
    # "bf16 or fp16 for a 7b finetune, what do you think?": two ways weighed, the assistant's view asked
    r"|\bor\b[^?]{1,80}?,? (?:what do you think|thoughts)\s*\??\s*$"
    # "for the next build, would you go for a 5090 or another H100?": a card to buy, the assistant's pick
    r"|\bwould you (?:go for|go with|pick|choose|get|buy) (?:a|an|another|the)\b"
    # "any tips for killing coil whine on the 4090?": advice on hardware, not its state
    r"|\b(?:tips?|advice|tricks?|hints?) (?:for|on|about|to|how)\b"
    r"|^(?:any|some) (?:advice|tips|suggestions)\b"  # "any advice how I can fit SDXL on a 24GB card?"
    # who submitted a job: the queue is one user's and keeps no submitter ("which student submitted sd-xl")
    r"|\b(?:who|which (?:student|user|person|colleague|teammate|member|guy|one of us))"
    r"(?: \w+){0,2}? (?:submitted|queued|launched|enqueued|sent)\b"
)
# History and trivia: "who invented the transformer", "when was cuda released"
_TRIVIA = re.compile(
    r"\bwho (?:invented|discovered|founded|coined|came up with|first (?:made|built|wrote|proposed))\b"
    # a product's variant named as a kind ("the typical max safe temp on an H100 SXM"), and which products
    # to buy ("is it better one H200 or two 4090?"): not this machine's cards
    r"|\b(?:on|for|of|in) an? (?:[\w-]+ )?[a-z]?\d{3,4}\w* (?:sxm|pcie|nvl)\d?\b"
    r"|\bbetter (?:to (?:buy|get|have|rent) )?(?:one|a single|an?|two|three|four|\d+) [\w-]+s? or"
    r" (?:one|a single|an?|two|three|four|\d+) [\w-]+"
    # "how do the H100 SXM and PCIe versions differ": two variants of a product set side by side
    r"|\b(?:sxm|pcie|nvl)\d? (?:and|vs\.?|or|versus) (?:the )?(?:sxm|pcie|nvl)\d?\b"
    # whether one unit is another: "kWh is it same thing as kW?"
    r"|\b(?:kwh|kw|wh|watts?|joules?|tflops|gib|gb|mib|mb)\b.{0,20}\b(?:same|different)(?: thing)?"
    r" (?:as|from) (?:an? )?(?:kwh|kw|wh|w|watts?|joules?|tflops|gib|gb|mib|mb)\b"
    # how a product's variants differ: "the difference between an h100 sxm and the pcie version"
    r"|\bdifferences? between (?:an? |the )?[\w-]+(?: [\w-]+){0,3}"
    r" (?:and|vs\.?|versus) (?:an? |the )?[\w -]{0,30}\b(?:version|variant|edition|model|form factor)s?\b"
    r"|\bdifferences? between (?:an? |the )?(?:[\w-]+ )?[\w-]*\d+[\w-]* (?:sxm|pcie|nvl)\d?\b"
    # what a product can do, which the machine does not report: "does the 4090 even support nvlink?"
    r"|\b(?:does|do|can) (?:the |a |an )?[\w-]+(?: [\w-]+)? (?:even |actually |really )?supports?\b"
    r"|\bwhen (?:was|were|did) (?:the |a |an )?[\w-]+(?: [\w-]+)?"
    r" (?:invented|discovered|founded|released|come out)\b"
    # the world's electricity, not this machine's energy: "the carbon intensity of the german grid"
    # a shell command to write: "bash one-liner: 5 biggest files under /var/log"
    # (not "a one-liner I can paste in #general about the GPUs": a status in one line)
    r"|\b(?:bash|shell|python|awk|sed|sql) one[\s-]?liners?\b"
    r"|\bone[\s-]?liners? (?:in|for|with) (?:bash|shell|python|awk|sed)\b"
    r"|\bone[\s-]?liners? to (?!(?:paste|post|share|send|put|drop)\b)\w"
    r"|\b(?:bash|shell|python) (?:script|snippet|command)s?\b|\bquick bash\b"
    # a tool's usage: "sbatch syntax for --gres=gpu:2", "the syntax of a cron line" (not a job's "syntax
    # error")
    r"|\bsyntax (?:for|of|to)\b"
    # what a GPU costs elsewhere: "what does an H100 go for per hour on lambda"
    r"|\b(?:go(?:es)? for|costs?|rent(?:s|al)?|price[sd]?) (?:per|an|a|by the) hour\b|/h(?:r|our)\b"
    r"|\bon (?:lambda|aws|gcp|azure|runpod|vast(?:\.ai)?|coreweave|paperspace|scaleway|ovh|hetzner|oci)\b"
    r"|\b(?:cheaper|pricier|more expensive|costlier)\b(?: \w+){0,6}? (?:per|an|a|by the) hour\b"
    # the host's CPU and OS, which the daemon does not read: "check the cpu temperature with lm-sensors"
    r"|\bcpus? (?:temp\w*|usage|load|fan\w*|clock\w*|cores?)\b|\blm[\s-]?sensors\b"
    # the room, the rack and the chassis around the GPUs, which the daemon does not read: "the cold aisle
    # inlet temp", "load on the rack PDUs", "the BMC SEL with ipmitool", "pull it from the chassis"
    r"|\b(?:pdus?|crac|crah|cold aisle|hot aisle|inlet temp\w*|ambient temp\w*|room temp\w*|ipmi\w*|bmc"
    r"|chassis|ups battery|psus?)\b"
    # carbon and other people's machines: "turn that into kg of co2", "what gpus other labs use"
    r"|\b(?:co2|co₂|carbon footprint|carbon emissions?|emissions)\b"
    # memory technologies set side by side: "the difference between HBM3 and GDDR6X memory"
    r"|\b(?:hbm\d?e?|gddr\d\w*|lpddr\d\w*|ddr\d)\b.{0,40}\b(?:vs|versus|and|or|compared|than)\b.{0,20}"
    r"\b(?:hbm\d?e?|gddr\d\w*|lpddr\d\w*|ddr\d)\b"
    # accounting for hardware: "over how many years are servers depreciated under IFRS"
    r"|\b(?:depreciat\w*|amorti[sz]\w*|ifrs|gaap|capex|opex)\b"
    # other people's homes: "how does 5 kWh compare with what an ordinary household uses in a day"
    r"|\b(?:ordinary|average|typical|normal|regular) (?:household|home|house|family|fridge|kettle)s?\b"
    r"|\bhouseholds\b"
    # an operations runbook for any machine: "runbook q: xid 79 on a box, first steps?"
    r"|\b(?:runbook|playbook)s?\b"
    # ("do other shops bill it flat", "how do other firms charge it back")
    r"|\bother (?:labs?|teams?|groups?|departments?|companies|universities|clusters|shops|firms|orgs"
    r"|organi[sz]ations|businesses|outfits|institutions)\b"
    # another machine's: "I saw it on another server of the lab"
    r"|\b(?:another|other|a different) (?:server|machine|box|node|workstation|computer)s?\b"
    # the user's own operating system: "which process is hogging /dev/shm on ubuntu"
    r"|/dev/\w+|\b(?:on|in|under|for) (?:a |an |the |my |our )?"
    r"(?:ubuntu|debian|fedora|centos|rhel|macos|windows|linux)\b"
    # setting up the user's own system: "how do I set up a cron job to email me a summary", "a crontab line"
    r"|\bhow (?:to|(?:do|can|would|should) (?:i|we)) (?:set ?up|configure|install|automate)"
    r" (?!(?:gpuaccel|the queue)\b)"
    r"|\bcron(?:tab)?(?: jobs?| entry| entries| lines?| expressions?)?\b"
    r"|\b(?:carbon intensity|power grid|electricity (?:price|prices|tariff|rate)|price of electricity"
    r"|grid (?:mix|carbon|emissions)|co2 per kwh|g/kwh|gco2|load[- ]shedding)\b"
    # what a kWh costs where one lives: "whats a kilowatt hour usually go for in ohio", "how much does a kwh
    # cost these days", "the going rate per kwh" (not this machine's energy priced: "at 11 cents a kwh, what
    # did the 4090 cost today")
    rf"|\b(?:what(?:s| is| does| do)?|how much(?: is| does| do)?) (?:a|one|1) {_KWH}"
    r" (?:\w+ )?(?:go(?:es|ing)? for|cost|costs|sell for|sells for|selling for|run|runs)\b"
    r"|\b(?:going|usual|typical|average|normal|current) (?:rate|price|cost)s? (?:for|of|per) (?:a |one )?"
    rf"{_KWH}"
    rf"|\b{_KWH} (?:price|prices|rate|rates|tariff|tariffs)\b"
    # the unit turned into money, a formula asked ("how do i convert kWh to CHF"; not "what did the 4090's
    # 3.45 kWh cost", this machine's energy priced)
    rf"|\bconvert (?:from )?{_KWH} (?:to|into|in)\b"
)
# how much a unit of energy costs is the grid's price, never this machine's, whatever else is said ("sg
# electricity now roughly how much per kwh?"; not "at 11 cents a kwh, what did the 4090 cost today")
# and so are a utility's rates and its cheaper hours ("do you know if Toronto Hydro still has cheaper
# overnight rates?", "is the power company's off-peak tariff still 8 cents": "hydro" is the utility in Canada)
_PER_KWH = re.compile(
    rf"\bhow much (?:\w+ ){{0,2}}?(?:per|a|for a|for one) {_KWH}"
    r"|\b(?:off[\s-]?peak|on[\s-]?peak|overnight|night[\s-]?time|time[\s-]of[\s-]use|weekend)"
    r" (?:electricity |power |energy |hydro )?(?:rates?|prices?|pricing|tariffs?)\b"
    r"|\b(?:hydro|utility|utilities"
    r"|(?:power|electric|electricity|energy) (?:company|companies|provider|supplier))"
    r"(?:'s)?\b.{0,40}\b(?:rates?|prices?|pricing|tariffs?|bills?)\b"
)
# A request for advice: "the best learning rate for", "a good idea for", "should i use bf16", "what batch
# size should i use", "how many epochs should we train"
_ADVICE = re.compile(
    r"\b(?:best|optimal|ideal|recommended|good|right|sensible|sane|reasonable|decent|typical)"
    r" (?!time\b|moment\b|one\b)(?:\w+ ){0,2}?"
    # (not "typical for yesterday": a span is no purpose)
    r"(?:for(?! (?:yesterday|today|tonight|this|last|the (?:day|week|morning|afternoon|night))\b)"
    r"|to use|to pick|to set)\b"
    r"|\bin your (?:honest )?(?:opinion|view|experience)\b"  # "..., in your opinion?": the assistant's view
    r"|\bshould (?:i|we) (?:use|set|pick|choose|try|train|go with|enable|turn on|switch to)"
    r" (?!(?:it|that|this|one|which|the other|a gpu|a card|gpu|card)\b)\w"
    r"|\b(?:what|which|how many|how much|how long) (?!one\b|ones\b|of\b)(?:\w+ ){1,3}should (?:i|we)\b"
    # "bf16 vs fp16, which should I use" (two things set against each other first: not "which one should we
    # use" after a list of free GPUs)
    r"|\b(?:vs\.?|versus|or)\b[^?]{1,40}\bwhich (?:one )?should (?:i|we) (?:use|pick|choose|go with|take)\b"
    # "bf16 vs fp16 for fine-tuning which is safer?": which of two ways is the better one
    r"|\b(?:vs\.?|versus|or)\b[^?]{1,40}\bwhich (?:one )?is"
    r" (?:safer|better|preferable|more stable|more robust|recommended)\b"
    # the subject first, as some write English: "what num_workers I should use with 16 cores"
    r"|\b(?:what|which|how many|how much) (?!one\b|ones\b|of\b)(?:\w+ ){1,3}(?:i|we) should"
    r" (?:use|set|pick|choose|try|take)\b"
    # what to change in one's own work: "what should i change to fix it", "is my learning rate too high"
    r"|\b(?:is|was) my (?:learning rate|lr|batch size|code|config|script|model) too\b"
    # judging a person's work: "what mark would you give the intern", "how should i grade her run"
    r"|\b(?:grade|mark|score|rating|feedback) (?:should|would|could|do|must) (?:i|we|you) give\b"
    r"|\bhow (?:should|would|do) (?:i|we|you) (?:grade|mark|score|rate|assess)\b"
)
# who sets a machine's rules or buys it: a group, not one user with their own work
_WHO_DECIDES = (
    r"(?:we|the (?:lab|team|group|department|dept|company|students|users|admins?)|our (?:lab|team|group)"
    r"|students|users|people|everyone|each (?:user|student|person))"
)
# advice whatever it names (a reading's words included): how best to do something ("what's a good way to keep
# a server closet cool"; not "a good way to check the queue", which asks how to read this machine), whether a
# choice makes sense or would be made ("which augmentations make physical sense", "would you bother with an
# equivariant net"), whether a setting is safe or kept ("is bf16 safe for training ..., or should I stay in
# fp32")
_ADVICE_WHATEVER = re.compile(
    r"\brules? of thumb\b"  # a rule for any machine: "as a rule of thumb, at what temperature ..."
    # a rule for people to keep or a purchase, asked as an opinion: "should the lab limit each student to one
    # GPU job at a time?", "do you think we should set a max runtime for jobs", "should we buy another H100"
    rf"|\b(?:should {_WHO_DECIDES}|{_WHO_DECIDES} should) (?:\w+ )?(?:limit|cap|restrict|allow|forbid|ban"
    r"|enforce|introduce|impose|require|mandate|adopt|buy|purchase|order|upgrade|replace"
    r"|set (?:a|up a|up an|an) (?:limit|cap|quota|max|maximum|rule|policy|fair[\s-]?share)"
    r"|have (?:a|an) (?:limit|cap|quota|rule|policy))\b"
    # two ways weighed as a choice: "bf16 vs fp16 mixed precision, for llm finetune which one better?"
    r"|\b(?:vs\.?|versus)\b[^?]{1,60}\bwhich (?:one )?(?:is |would be |'s )?better\b"
    # a card to buy: "thinking about grabbing another card", "is it worth getting a second gpu"
    r"|\b(?:buy|buying|grab|grabbing|get|getting|purchase|purchasing|add|adding|rent|renting)"
    r" (?:another|a new|a second|a third|one more|an extra|a bigger|a faster) (?:card|gpu|graphics card)\b"
    # what others do: "what learning rate do people typically use for whisper fine-tuning?"
    r"|\b(?:what|which|how much|how many) (?:\w+ ){0,3}do (?:people|most people|folks|others|other labs|teams"
    r"|practitioners) (?:\w+ )?(?:use|pick|choose|set|run|recommend|go with)\b"
    # how it is done in general: "how do ppl usually turn gpu-hours into a $ number", "how do most labs
    # report it" (a practice, whatever it names)
    r"|\bhow (?:do|would|does) (?:people|ppl|most people|folks|others|other labs|most labs|labs|teams"
    r"|practitioners|everyone|everybody) (?:usually |typically |normally |generally |commonly |tend to )?"
    r"(?!(?:use|used|see|think)\b)\w"
    r"|\b(?:best|good|nice|better|easiest|simplest|right|cheapest|safest|fun) way to"
    r" (?!(?:check|see|find|know|tell|watch|monitor|read|get|look|view|show|list)\b)"
    r"|\b(?:which|what) (?:\w+ ){1,3}make(?:s)? (?:\w+ )?sense\b"
    # what any model needs: "how much vram do I need to train a 7b model with qlora" (not "how much memory
    # does job 11 need": no model said with "a")
    r"|\bhow much (?:vram|memory|gpu memory|ram)\b"
    r"(?=[^?]*\b(?:a|an|any) (?:\d+(?:\.\d+)?[bm] )?(?:\w+ )?model\b)"
    r"(?=[^?]*\b(?:need|needs|needed|take|takes|require|requires)\b)"
    r"|\bwould (?:you|u|ya|yo) (?:bother|recommend|suggest|go for|go with|pick|choose|prefer|use)\b"
    r"|\bshould (?:i|we) (?:stay|stick|keep) (?:in|with|to|on) (?!(?:gpu|card|the)\b)"
    r"|\bis (?:\w+ ){0,2}(?:bf16|fp16|fp8|fp32|tf32|mixed precision|amp|quanti[sz]ation) (?:\w+ ){0,2}safe\b"
    # one method weighed against another for a purpose: "is a log-uniform grid better than a linear one for
    # tuning lr?"
    r"|\bis (?:a |an |the )?[\w-]+(?: [\w-]+){0,2} better than (?:a |an |the )?[\w-]+(?: [\w-]+){0,2}"
    r" (?:for|to|at|when)\b"
    # a target to set for any machine: "sane SLO for queue wait on a 2-gpu box?"
    r"|\b(?:sane|sensible|reasonable|good|typical|standard|realistic) (?:slos?|slas?|slis?|alert(?:ing)?"
    r" thresholds?|targets?|budgets?) (?:for|on)\b"
    # whether something is safe or harmful for a kind of card: "is it safe to run a gpu at 90 degrees for
    # hours" (not "is it safe that gpu 0 runs at 90": a judgement of this machine's reading)
    r"|\bis it (?:\w+ ){0,2}(?:safe|ok|okay|bad|harmful|dangerous|fine|normal|risky) to (?:run|keep|leave|use"
    r"|have|push|let|operate|load) (?:a|an|any) "
    # a value said for a kind of card, judged: "is 85 degrees too hot for a 4090", "is 400w too much for an
    # rtx card" (not this machine's reading: no card of its is named)
    r"|\bis \d+(?:\.\d+)? ?(?:°\s?c|c|degrees?(?: c| celsius)?|deg|w|watts?|%|percent|gb|gib)"
    r" (?:too|dangerously|very|quite|really|way too) (?:hot|high|warm|much|low|cold|loud)"
    r" (?:for|on) (?:a|an|any) "
    # when to worry about a kind of card: "what temp on an h100 should i start worrying at"
    r"|\b(?:on|for|with) (?:a|an|any) [\w-]+\b(?:\W+\w+){0,6}?\W+(?:worry|worrying|worried|concerned|panic)\b"
    # two methods weighed for one's own work: "is it better to use gradient checkpointing or 8-bit adam"
    r"|\b(?:is )?(?:it )?better to (?:use|go with|pick|choose|try|enable|turn on|run with|do)"
    r" [^?]{1,60}\bor\b"
    # power equipment sized for a load, to buy: "what size UPS do I need for a box pulling 1.2 kW", "how big
    # a PSU for two 4090s" (no reading of this machine, whatever power it names)
    r"|\b(?:what|which|how big|how large)(?: size| sized| capacity| rating| kind of| type of| kva| va)?"
    r" (?:an? |of an? )?(?:ups|psu|power supply|battery backup|generator|breaker|inverter)s?\b"
    r"(?=[^?]{0,40}\b(?:need|needs|get|buy|for|to run|to power|handle)\b)"
)
# a change to one's own training's settings (not to a GPU's: "lower the power limit" is _TUNING's)
_CHANGE_VERB = (
    r"(?:drop|lower|raise|reduce|increase|decrease|cut|halve|double|change|use|enable|disable|turn on"
    r"|turn off|switch|try|add|remove|take|pick|choose|go with)"
)
_OWN_SETTING = (
    r"(?:batch(?:es)?|batch size|bs|lr|learning rate|precision|fp16|bf16|fp8|amp|mixed precision"
    r"|checkpointing|epochs?|warmup|weight decay|optimi[sz]er|seq(?:uence)? len\w*|context length"
    r"|gradient accumulation|grad accum\w*|dropout)"
)
# what to change in someone's own work, whatever it is about: "what should the team change in their script so
# that it stops running out of memory" (the memory is theirs to fix, not a reading asked)
_CHANGE_ADVICE = re.compile(
    r"\bwhat should (?:i|we|they|he|she|you|(?:the|my|our|their) \w+) (?:change|tweak|adjust|try|fix)\b"
    # how to fix one's own work: "any idea how I fix the OOM", "how do I stop my loss from going NaN", "how
    # do I get flash-attn to compile" (a request to act on a job, "how do i stop job 5", is read before)
    r"|\bhow (?:(?:do|can|should|would|could) )?(?:i|we) (?:fix|stop|prevent|avoid|debug|solve)\b"
    r"|\bhow to (?:fix|stop|prevent|avoid|debug|solve)\b"
    # "how to reduce memory in my code?", "what have I done wrong?" (of one's own program)
    r"|\bhow (?:to|(?:do|can|should) (?:i|we)) (?:reduce|lower|cut|save|shrink)\b.*\b(?:my|our) (?:[\w-]+ )?"
    r"(?:code|script|program|model|training)\b"
    r"|\bwhat (?:have|did) (?:i|we) (?:done|do) wrong\b"
    # "could you advise me how to alter its batch size": a change to one's own work, asked as advice
    r"|\badvise (?:me |us )?(?:on )?how (?:to|i|we) (?:\w+ )?"
    r"(?:alter|change|adjust|tweak|modify|set|reduce|lower|increase|raise)\b"
    r"|\bhow (?:should|do|can|could|would) (?:i|we) (?:restructure|rewrite|refactor|optimi[sz]e|speed up"
    r"|tune)\b"
    # a change to make in one's own code or script: "how should I chunk the attention in my code to fit",
    # "how i change the batch size in my diffusers script" (the auxiliary left out, as some write English)
    r"|\bhow (?:(?:should|do|can|could|would) )?(?:i|we) (?:chunk|split|shard|change|alter|adjust|modify|set"
    r"|reduce|lower|shrink|fit)\b.*\b(?:in|of) (?:my|our) (?:[\w-]+ ){0,2}"
    r"(?:code|script|model|config|notebook|pipeline|training|loop)\b"
    # a setting of one's own work, a job named or not: "what batch size should sd-xl use so it fits", "should
    # i turn on gradient checkpointing or drop the batch size"
    r"|\bwhat (?:batch size|learning rate|lr|precision|dtype|seq(?:uence)? len(?:gth)?|optimizer|config)"
    r" (?:should|ought|must|shall)\b"
    r"|\bshould (?:i|we) (?:turn on|turn off|enable|disable|switch on) (?!(?:gpu|card|the queue|job)\b)"
    # a setting of one's own work to change, asked or said ("should i drop batch to 8", "I should lower the
    # lr or disable the fp16?", "should they use a smaller batch size so the card runs cooler")
    rf"|\b(?:should (?:i|we|they|he|she|you)|(?:i|we|they) should) (?:\w+ ){{0,2}}?{_CHANGE_VERB}"
    rf"(?: \w+){{0,3}}? {_OWN_SETTING}\b"
    # the setting said first: "which learning rate I should put in my code instead"
    rf"|\b{_OWN_SETTING}(?: \w+){{0,2}}? (?:should (?:i|we|they)|(?:i|we|they) should)\b"
    # a setting for a kind of model, asked of no job: "rough batch size for full finetune of a 7b?", "lr to
    # train a 13b"
    rf"|\b{_OWN_SETTING}\b[^?]{{0,40}}\b(?:of|for|on|finetune|fine tune|train|pretrain|serve|fit)"
    r" (?:a|an) \d+(?:\.\d+)?b\b"
    # one's own code misbehaving: "my dataloader workers keep leaking RAM, any idea why?", "whats wrong w my
    # code", "why is my data loader so slow"
    r"|\bmy\b.*\bany idea (?:why|how|what)\b"
    # tips for one's own work: "any tips for stopping nan loss in my training loop?"
    r"|\b(?:tips|advice|suggestions|pointers|tricks|ideas) (?:for|on|about) (?:\w+ ){0,6}?(?:my|our)\b"
    r"|\bwhat(?:s| is)? wrong (?:w|with|in) (?:my|our)"
    r" (?!(?:gpus?|cards?|jobs?|queue|machine|box|server)\b)\w"
    r"|\bwhy (?:is|are) (?:my|our) (?:[\w-]+ ){0,2}(?:code|script|dataloader|data loader|training loop|model"
    r"|notebook|pipeline) (?:so )?(?:slow|broken|hanging|stuck|leaking)\b"
    r"|\bhow (?:do|can|could) (?:i|we) (?:get|make) [\w.-]+(?: [\w.-]+)? (?:to )?"
    r"(?:compile|build|install|converge|fit|work)\b"
    # training a model of one's own on one's own data: "how do I fine-tune YOLO on my own images", "how can
    # we train a classifier on our dataset" (a how-to of one's own work, no reading of this machine)
    r"|\bhow (?:(?:do|can|could|should) (?:i|we)|to) (?:fine-?\s?tune|finetune|train|pretrain|retrain)\b"
    r"[^?]{0,60}\b(?:on|with) (?:my|our) (?:own )?(?:custom )?"
    r"(?:data|dataset|data set|images|corpus|labels)\b"
    # one's own code slower or faster on one device than another: "my numba backtest loop is 3x slower on
    # gpu than numpy, why" (not a job's run times, which the machine has)
    r"|\bmy (?:[\w-]+ ){0,3}(?:loop|loops|code|script|kernel|function|notebook|pipeline|dataloader|program"
    r"|implementation|backtest|port|version) (?:is|are|was|were|runs?|ran) (?:\w+ ){0,2}(?:slower|faster)\b"
)
# a value judged for a kind of card, its model said with "a" ("a sane long term temp for an h100", "a normal
# idle power for a 4090"; not "for the h100", this machine's, nor "is that normal for a 4090", a judgement of
# this machine's reading): advice whatever reading it names
_JUDGED_FOR_A_KIND = re.compile(
    r"\b(?:a|an|the) (?:best|good|sane|sensible|safe|reasonable|normal|typical|healthy|acceptable|realistic"
    r"|expected)"
    r"(?: [\w-]+){0,4} (?:for|on|of) (?:a|an|any) (?:(?:nvidia|geforce|rtx|tesla) )*"
    r"(?:gpu|card|graphics card|[a-z]{1,3}\d{2,4}[a-z]*|\d{4}(?: ?ti| ?super)?)s?\b"
)
# what the machine itself is asked about (a GPU, a node, the queue): then "should i use" asks which is free
_MACHINE_TOPICS = {"gpu", "cluster", "queue", "running", "temperature", "util", "memory", "power", "fan"}
GAMING = {"game", "games", "gaming", "gamer", "gamers", "gameplay"}
SOMEONE = {"who", "anyone", "someone", "somebody", "anybody", "whos"}  # "is anyone gaming on gpu 1?"


def plain(question: str) -> str:
    """The question in lower case, apostrophes dropped and other marks as spaces ("what's" is "whats")."""
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", question.lower().replace("'", "")).split())


# tuning one's hardware, whichever card is named: "should i undervolt gpu 1", "what fan curve should i set"
_TUNING = re.compile(
    r"\bshould (?:i|we) (?:make|set|undervolt|overclock|underclock|tweak|adjust|flash|repaste)\b"
    r"|\b(?:undervolt\w*|fan curves?|repaste)\b"  # not "in afterburner terms, what's the core clock"
    # a clock to change, asked: "could you nudge the memory clock of the 4090 up by a few hundred"
    r"|^(?:(?:please|pls|kindly|could you|can you|would you|will you)\s+)*(?:overclock|underclock)\b"
    r"|^(?:(?:please|pls|kindly|could you|can you|would you|will you)\s+)*"
    r"(?:nudge|raise|lower|increase|decrease|boost|crank|push|bump|drop|set|lock|pin)\b"
    r"(?: \S+){0,5} (?:clock|clocks|mhz|megahertz|voltage)\b"
    # a clock offset to apply: "push +200 core / +1000 mem offset on the 4090"
    r"|\b(?:core|mem|memory|vram|clock|gpu) (?:clock )?offsets?\b"
    # a kernel's launch settings to choose: "what BLOCK_M / num_warps should i use for my attention kernel"
    r"|\b(?:num warps|num stages|block [mnk]|block sizes?|tile sizes?|launch config\w*)\b"
    r".*\b(?:should (?:i|we)|vs|versus|which (?:is|gets|runs|one)|better|faster|closer)\b"
    # one's own kernel against another setting: "my triton GEMM: 64 vs 128, which gets closer to peak"
    r"|\bmy (?:\w+ ){0,2}(?:gemm|kernel|matmul|kernels)\b.*\b(?:vs|versus|which|faster|closer|better)\b"
    # "what power limit should i run the 4090 at": a setting to choose, not a reading
    r"|\b(?:what|which) (?:power limit|power cap|tdp|clock|clocks|core clock|memory clock|fan speed|voltage)"
    r" (?:should|would|could|do) (?:i|we|you)\b"
)
_NUMBERED = re.compile(r"\b(?:gpu|card|device|job|task|id|number)s? ?#?\d|#\d")
# other systems' operation, whatever else is said: "the logs of a pod in CrashLoopBackOff in kubernetes"
_OTHER_SYSTEMS = re.compile(r"\b(?:kubernetes|k8s|helm|crashloopbackoff|device plugin|kubelet)\b")
# a card that is no graphics card ("how do i pay my credit card bill", "my sim card is locked"): asked of
# no GPU
_OTHER_CARDS = re.compile(
    r"\b(?:credit|debit|gift|sim|sd|micro ?sd|business|birthday|greeting|loyalty|prepaid|bank|atm|visa"
    r"|master|ration|id)\s+cards?\b"
)
# other people's GPUs for hire, whatever else is said ("what's an H100 going for on lambda right now",
# "would we be better off renting from AWS?")
_PROVIDERS = (
    r"(?:lambda(?: labs)?|aws|ec2|gcp|google cloud|azure|runpod|vast(?: ai)?|coreweave|paperspace"
    r"|scaleway|ovh|hetzner|oci)"
)
_CLOUD = re.compile(
    rf"\b(?:going for|charge|charges|charging|costs?|price|prices|pricing|rates?)\b.{{0,60}}"
    rf"\b(?:on|at|from|in) {_PROVIDERS}\b"
    rf"|\b{_PROVIDERS}\b.{{0,30}}\b(?:charge|charges|charging|costs?|prices?|pricing|rent|rents)\b"
    rf"|\brent(?:ing|al|ed)?\b.{{0,20}}\b(?:from|on|at) {_PROVIDERS}\b|\bbetter off renting\b"
    # owning set against renting in the cloud: "at what utilisation does owning an H100 beat renting one in
    # the cloud"
    r"|\b(?:rent(?:ing|al|ed)?|lease|leasing)\b.{0,40}\bcloud\b|\bcloud\b.{0,40}\b(?:rent(?:ing|al)?|leas\w+)\b"
)


# the user says the question is not about this machine
_NOT_ABOUT_US = re.compile(
    r"\b(?:unrelated to|not about|nothing to do with|not for|not specific to|not asking (?:about|for))"
    r" (?:(?:our|the|this|my|your) )?(?:box|machine|server|gpus?|cards?|cluster|setup|rig|workstation)\b"
    # "..., just general)"
    # ("would you ever just tell me in general", "only answer it generally": the answer asked for in general)
    r"|\b(?:just|only|asking|speaking|question)(?: (?:tell|answer|explain|say)(?: (?:me|us|it|that))?)?"
    r" (?:in )?general(?:ly)?\s*\)?\s*[?.!]*$"
    # "setting our own numbers aside for a moment: ..."
    r"|\b(?:setting|leaving|putting) (?:our|my|the) (?:own )?(?:numbers|figures|data|machine|box|setup|gpus)"
    r" aside\b"
    # "Unrelated, general question: ...", "off topic, just curious: ..."
    r"|^(?:totally |completely )?(?:unrelated|off[- ]topic)\b.{0,20}\b(?:general|curious|random)\b"
)
# a new subject said first ("Off topic: ...", "Completely other argument: ...", "different topic - ..."): not
# about this machine unless the rest names its own things ("different topic: how hot is gpu 0 now?")
_NEW_SUBJECT = re.compile(
    # (after thanks said first: "cheers. unrelated but ...")
    r"^(?:(?:cheers|thanks|thank you|ta|ok|okay|great|sweet|nice)\b[.!,]*\s*)?"
    r"(?:(?:(?:totally|completely|entirely|slightly|a bit|a|an)\s+)?(?:off[- ]?topic"
    r"|(?:other|different|new|unrelated|separate)\s+(?:argument|topic|subject|matter|question))\b\s*[:,.;!-]"
    r"|(?:totally |completely )?unrelated(?:,)? but\b"  # "unrelated but how would you explain ..."
    r"|(?:a\s+)?random\s+(?:q|qn|question|one)\b\s*[:,.;!-]"  # "random q, what's the ..."
    # "In general, is running a chip at its power cap all day bad for it?", "Generally H100 vs H200, ..."
    r"|(?:(?:so|and|ok|okay|also),?\s+)?(?:in general|generally(?: speaking)?|speaking generally"
    r"|as a general (?:question|matter)|broadly speaking)\b\s*[:,.;!-]?)"
)
_OURS = re.compile(
    r"\b(?:our|my|this|these|the)\s+(?:box|machine|server|gpus?|cards?|queue|jobs?|runs?)\b"
    r"|\b(?:right now|currently|today|yesterday|this morning|last hour)\b"
)


def said_not_about_us(question: str) -> bool:
    """Whether the user says the question is not about this machine, read once on the whole question before
    a label is dropped ("Unrelated, general question: what's a sensible alert threshold for GPU
    temperature?")."""
    if _NOT_ABOUT_US.search(plain(question)) is not None:
        return True
    label = _NEW_SUBJECT.match(question.strip().lower())
    return (
        label is not None
        and _OURS.search(question[label.end() :].lower()) is None
        and not _NUMBERED.search(question.lower())
    )


def asks_elsewhere(question: str, topics: set[str]) -> bool:
    """Whether ``question`` asks for general knowledge or an opinion, not for this machine's state;
    ``topics`` are its topic words' concepts."""
    text = plain(question)
    said = set(text.split())
    if GAMING & said and not (SOMEONE & said or "who" in topics or "running" in topics):
        return True
    if any(
        p.search(text)
        for p in (
            _TUNING,
            _ALLOWANCE,
            _SHELL_HELP,
            _NOT_KEPT,
            _OWN_FILE,
            _MODEL_SCORE,
            _CLOUD,
            _OTHER_SYSTEMS,
            _OTHER_CARDS,
            _NAMING,
            _LIBRARY_HELP,
            _WORDING,
            _PER_KWH,
            _MESSAGE_SENT,
        )
    ):
        return True  # whatever the machine words beside them
    if _NUMBERED.search(question.lower()) or _NOW.search(text):
        return False  # "explain what job 3 did", "is gpu 1 any good?", "any good right now" read the machine
    # the one question among sentences that tell ("What is a GPU-hour, in plain English? I keep seeing the
    # term on the invoices.")
    asked = [s for s in re.split(r"(?<=[?.!])\s+", question.strip()) if s.endswith("?")]
    # (the first of several: "And what exactly is a GPU-hour? Is it simply an hour of time?")
    for said_alone in {text, *([plain(asked[0])] if asked else [])}:
        thing = _WHAT_IS_A.search(said_alone)
        if thing and not STATE_WORDS & set((thing["thing"] or "").split()):
            return True
    # a term quoted, then what it is: "my student keeps saying 'tensor cores'. What are they?"
    if _QUOTED_TERM.search(question) and re.search(r"\bwhat (?:are|is) (?:they|it|that|those|these)\b", text):
        return True
    if _PRODUCT.search(text) or (
        WRITING.search(text) and not _REPORT_WRITTEN.search(text) and not figure_asked(text)
    ):
        return True
    if places_new_work(text):
        return False  # "h100 vs 4090: which is best for a new run?": where one's work could go, a free GPU
    # (the one question read alone too: "what is the difference between kWh and kVA? I always confuse
    # them" tells apart two units; the telling's "them" is no thing of this machine's)
    alone = [text, *([plain(asked[0])] if len(asked) == 1 else [])]
    return any(
        _EXPLAIN.search(said_alone)
        or _ideas_told_apart(said_alone)
        or _MEANS.search(said_alone)
        or _OPINION.search(said_alone)
        or _TRIVIA.search(said_alone)
        for said_alone in alone
    )


def asks_to_change_own_work(question: str) -> bool:
    """Whether ``question`` asks how to change one's own work ("what should the team change", "what batch
    size should sd-xl use"): advice whatever job or GPU it names."""
    return bool(_CHANGE_ADVICE.search(plain(question)))


def asks_advice(question: str, topics: set[str]) -> bool:
    """Whether ``question`` asks for advice on one's own work (a setting, a precision, a model size), not
    for this machine's state; the caller has found no GPU named in it, ``topics`` are its topic words'
    concepts."""
    text = plain(question)
    if places_new_work(text):
        return False  # "which gpu would you pick for a new job": where one's work could go is a free GPU
    # "the screws of a pcie card": a kind of card, not one of this machine's
    a_kind = re.search(r"\b(?:a|an|any)\s+(?:[\w-]+\s+)?(?:gpu|card|graphics card)s?\b", text) is not None
    if _JUDGED_FOR_A_KIND.search(text):
        return True  # "whats a sane long term temp for an h100 anyway": what suits any card of that model
    if asks_to_change_own_work(question) and not _NUMBERED.search(question.lower()):
        return True
    if _NUMBERED.search(question.lower()):
        return False  # "should i use gpu 1"
    if _ADVICE_WHATEVER.search(text):
        return True  # "a good way to keep a server closet cool", "is bf16 safe for training a resnet"
    if topics & _MACHINE_TOPICS - ({"gpu"} if a_kind else set()):
        return False  # "what's a good temperature for the card"
    return bool(_ADVICE.search(text))
