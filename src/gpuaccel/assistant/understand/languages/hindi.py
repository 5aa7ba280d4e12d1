"""Hindi read in English: its words said in passing in Indian English (:data:`HINDI_IN_PASSING`)."""

from __future__ import annotations

from gpuaccel.assistant.understand.languages.tables import compiled

# Hindi said in passing in Indian English ("kal H100 peak power kitna tha", "log mein kya likha hai"): its
# day and question words, "tha" (was), a progressive's helpers, fillers; "kal" is yesterday (no reading is
# of tomorrow). Indian English's own turns are read too: "same to same" (the same), "prepone" (bring forward:
# start), "do the needful" (please)
HINDI_IN_PASSING = compiled(
    (
        (r"\bkal\b", "yesterday"),
        (r"\baaj\b", "today"),
        (r"\babhi\b", "now"),
        (r"\bkitn[aie]\b", "how much"),
        (r"\bkya\b", "what"),
        (r"\bky[uo]n\b", "why"),
        (r"\bkab\b", "when"),
        (r"\bkaun\b|\bkis ?ne\b", "who"),
        (r"\bkaise\b", "how"),
        (r"\b(?:aa|ho|chal) (?:raha|rahi|rahe)\b", ""),  # "kitna aa raha tha": how much was (coming)
        (r"\b(?:gaya|gayi|hua|hui) (?=th[aie]\b)", ""),  # "kitna gaya tha": how much was (it went)
        (r"\bth[ai]\b", "was"),
        (r"\bhai(?:n)?\b", "is"),
        (r"\bmein\b", "in"),
        (r"\blikha\b", "written"),
        (r"\bkiya\b", "did"),
        (r"\b(?:yaar|yar|bhai|arre|arey|accha|achha|ji)\b,?", ""),
        (r"\bsame to same\b", "same"),
        (r"\bprepone\b", "start"),
        (r"\bdo the needful\b,?", "please"),
    )
)
