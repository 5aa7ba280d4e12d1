"""Words and clauses that carry no query meaning, for the word-level noise of training questions.

People wrap a question in words that say nothing about what they ask: a colleague's name, a reason
("for the standup"), a plan ("about to launch an experiment"), chat habits ("lol", "@bot"), or just a word
the picker has never seen. Training questions get these at random (:mod:`assistant_lab.augment.shapes`), so an
unfamiliar word is no sign of any query. Every entry here is free of the words the picker keys on: no
reading, state, ranking, time, GPU, job, node or pronoun word, no number, no quote mark, no job-name part
(a test reads each one through the rules' vocabulary).
"""

from __future__ import annotations

# Everyday English words, none of them a topic word of the assistant (nor one letter away from one), nor
# a word the off-topic questions are made of.
COMMON_WORDS: tuple[str, ...] = tuple(
    """
    apple banana tea lunchbox sandwich cookie window door chair desk garden river forest village street
    bridge airport ticket camera picture guitar piano paper pencil notebook coat shirt shoe hat umbrella
    bicycle car boat rocket planet wind summer breakfast kitchen bathroom office colleague father sister
    cousin neighbour teacher student doctor lawyer artist baker pilot captain king dragon wizard puppy
    kitten horse cow chicken fish bird tiger lion elephant monkey zebra giraffe penguin dolphin whale
    turtle rabbit carrot potato tomato onion garlic pepper salt sugar butter cheese bread salad honey
    lemon orange grape cherry mango peach strawberry blueberry vanilla cinnamon angry calm brave clever
    lucky silly gentle polite shy proud curious purple yellow pink brown golden silver wooden plastic
    glass metal cotton velvet tiny huge little flat soft sharp smooth rough sweet sour bitter anyway
    basically honestly literally seriously obviously apparently luckily sadly frankly maybe perhaps
    probably sometimes often always usually rarely seldom pancake waffle muffin bagel donut croissant
    pretzel popcorn puzzle crossword carnival circus museum library castle palace church college
    university hospital factory bakery backpack suitcase wallet keychain lamp mirror pillow blanket
    carpet curtain sofa alpha beta gamma delta omega zen vibe mood karma luck magic glitter rainbow
    somebody nobody everybody somewhat anyhow meanwhile
    """.split()
)

# First names, as colleagues are named in a chat.
NAMES: tuple[str, ...] = (
    "Priya",
    "Sam",
    "Alex",
    "Wei",
    "Olga",
    "Tom",
    "Maria",
    "Jonas",
    "Kenji",
    "Fatima",
    "Lucas",
    "Ana",
    "Omar",
    "Lena",
    "Raj",
    "Chen",
    "Marco",
    "Nina",
    "Dave",
    "Sara",
    "Yuki",
    "Ivan",
    "Aisha",
    "Ben",
    "Kim",
    "Jo",
    "Pedro",
    "Ingrid",
)

# Reasons and asides said before or after a question ({p}: a name).
ASIDES: tuple[str, ...] = (
    "for the standup",
    "before I launch my own",
    "for my manager",
    "asking for a friend",
    "no rush",
    "whenever you can",
    "if you could",
    "for the team sync",
    "before the meeting",
    "so I can plan",
    "for the retro",
    "for my records",
    "just to double check",
    "sanity check",
    "need this for a slide",
    "the boss is asking",
    "{p} is asking",
    "{p} wants to know",
    "per {p}",
    "as {p} asked",
    "before I go home",
    "before I grab coffee",
    "thx in advance",
    "much appreciated",
    "lol",
    "haha",
    "fyi",
    "tbh",
    "ngl",
    "pretty please",
    "sorry to bug you",
    "sorry if this is a dumb question",
    "newbie here",
    "not urgent",
    "cc {p}",
    "{p} told me to ask you",
    "for {p}",
    "best regards",
    "ty in advance",
)
# Context said before the question, as its own clause or sentence ({p}: a name).
PREAMBLES: tuple[str, ...] = (
    "I want to kick off an experiment",
    "about to launch an experiment",
    "planning something big",
    "my boss is impatient",
    "the machine feels sluggish",
    "something seems off",
    "{p} asked me to check",
    "I'm new here",
    "my experiment feels slow",
    "we have a demo soon",
    "I'm about to start something big",
    "trying to plan things",
    "I'm preparing the team update",
    "the dashboard is blank for me",
    "my ssh session keeps lagging",
    "I'm on call",
    "{p} and I both use this machine",
    "doing some capacity planning",
    "hello from the infra team",
    "I just got access",
    "back from vacation",
    "need to pick a spot for my experiment",
    "okay so",
    "before I ping {p}",
)
# Said after the question, as a second sentence.
AFTERWORDS: tuple[str, ...] = (
    "I need to plan my experiment",
    "trying to plan my experiments",
    "asking because the machine feels sluggish",
    "{p} wants to know",
    "thanks a lot",
    "this is for a writeup",
    "need this for the standup",
    "would help a lot",
    "cheers mate",
    "much obliged",
    "you rock",
    "no pressure",
)
# Chat and command-line habits put in front of a question.
HANDLES: tuple[str, ...] = (
    "@bot",
    "@gpuaccel",
    "hey bot,",
    "bot:",
    "/ask",
    "q:",
    ">",
    "yo bot",
    "hello sir,",
    "dear bot,",
    "hi team,",
    "would you please",
    "please can you say me",
    "please tell me",
    "I want know",
    "can you please check for me",
)
