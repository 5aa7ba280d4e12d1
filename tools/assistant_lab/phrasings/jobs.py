"""How people ask about jobs, the queue, summaries and the Ray cluster: the templates of those queries.

The template syntax is described in :mod:`assistant_lab.phrasings.grammar`, which puts these after the GPU
templates (:mod:`assistant_lab.phrasings.gpu`), in this order (the dev split depends on it).
"""

from __future__ import annotations

from typing import Any

# (query fields, templates); "{G}" in a field takes the question's GPU, "{J}" its job, "{W}" its span.
JOB_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "job_detail", "job": "{J}"},
        (
            "[tell me about|details of|details for|info on|state of|show] {J}",
            "{J} [status|details|info]",
            "{J}?",
            "[what happened to|what's up with|how did] {J} [go|]",
            "did {J} [succeed|finish|fail|work]",
            "why did {J} fail",
            "why is {J} [waiting|queued|stuck|not running|pending]",
            "how long did {J} [take|run]",
            "is {J} [done|finished|still running|running]",
            "when did {J} [finish|start]",
            "show me {J} please",
            "I need to know about {J}",
            "check in on {J}",
            "give me the details of {J}",
        ),
    ),
    (
        {"name": "jobs", "window": "{W}"},
        (
            "[what|which] jobs [ran|were run|finished] {W}",
            "jobs {W}",
            "[list|show] [the|all|my] jobs {W}",
            "what did I run {W}",
            "job history {W}",
            "show me what ran {W}",
            "I want to see the jobs of {W}",
            "{W}: jobs",
        ),
    ),
    (
        {"name": "jobs"},
        (
            "[list|show] [all|my] jobs",
            "job list",
            "what jobs [are there|do I have]",
            "show me the jobs",
            "I want to see all my jobs",
            "all of the jobs",
        ),
    ),
    (
        {"name": "jobs", "state": "succeeded", "window": "{W}"},
        (
            "[which|what] jobs [succeeded|completed successfully|finished successfully] {W}",
            "successful jobs {W}",
            "show me the jobs that succeeded {W}",
            "which runs went well {W}",
            "{W} successes",
        ),
    ),
    (
        {"name": "jobs", "state": "succeeded"},
        (
            "[which|what] jobs succeeded",
            "successful jobs",
            "show me the successful jobs",
            "jobs that worked",
            "I want to see what went well",
        ),
    ),
    (
        {"name": "jobs", "gpu": "{G}"},
        (
            "jobs [on|that ran on|using] {G}",
            "what ran on {G}",
            "show me the jobs on {G}",
            "{G} jobs",
            "I want to know which jobs used {G}",
        ),
    ),
    (
        {"name": "jobs", "job_name": "{N}"},
        (
            "[list|find] jobs {N}",
            "show me jobs {N}",
            "any jobs {N}",
            "runs {N}",
            "look up jobs {N}",
            "I need the jobs {N}",
            "search for jobs {N}",
        ),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "max", "window": "{W}"},
        (
            "longest job {W}",
            "which job ran the longest {W}",
            "the slowest job {W}",
            "show me the longest running job {W}",
            "which job took the longest {W}",
            "I want the slowest run {W}",
        ),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "max"},
        (
            "which job [needed|ran for] the longest [time|]",
            "[longest|slowest|longest-running] job",
            "what job had the longest [runtime|duration|run time]",
            "which run was the slowest",
            "show me the longest job",
            "which job took up the most time",
            "I need the job that ran longest",
        ),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "min"},
        (
            "[shortest|quickest|fastest] job",
            "which job [finished|ran] [the quickest|fastest]",
            "job with the shortest [runtime|duration]",
            "show me the shortest running job",
            "which job took the least time",
            "I need the quickest run",
        ),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "min", "window": "{W}"},
        (
            "the [shortest|quickest] job {W}",
            "which job was fastest {W}",
            "show me the quickest job {W}",
            "which job took up the least time {W}",
        ),
    ),
    (
        {"name": "job_rank", "metric": "gpu_time", "order": "max"},
        (
            "which job [used|consumed|took] the most gpu[ |-]time",
            "[biggest|top] [gpu-time|gpu time] [consumer|user]",
            "which job burned the most gpu hours",
            "most gpu-hours by job",
            "show me the job with the most gpu time",
            "which job ate the most gpu time",
            "top job by gpu time",
        ),
    ),
    (
        {"name": "job_rank", "metric": "gpu_time", "order": "max", "window": "{W}"},
        (
            "which job used the most gpu time {W}",
            "most gpu-time {W}",
            "show me the top gpu-time job {W}",
            "which job took the most gpu time {W}",
        ),
    ),
    (
        {"name": "job_rank", "metric": "gpu_time", "order": "min"},
        (
            "which job used the least gpu time",
            "smallest gpu-time job",
            "show me the job with the least gpu time",
            "which job needed the fewest gpu hours",
            "lowest gpu time job",
        ),
    ),
    (
        {"name": "failures"},
        (
            "[any|were there any] [failures|failed jobs|errors|crashes]",
            "[which|what] jobs failed",
            "has anything [failed|crashed|broken|gone wrong]",
            "[show|list] [the|all|] failures",
            "what went wrong",
            "failed jobs",
            "did any job [die|blow up|crash]",
            "show me what failed",
            "I need to know if anything failed",
            "tell me about the failures",
        ),
    ),
    (
        {"name": "failures", "window": "{W}"},
        (
            "[any|were there any] [failures|failed jobs|errors|crashes] {W}",
            "[which|what] jobs failed {W}",
            "did anything [fail|crash|break] {W}",
            "failures {W}",
            "show me the failures {W}",
            "{W}: failures",
            "I want to know what failed {W}",
        ),
    ),
    (
        {"name": "failures", "gpu": "{G}"},
        (
            "failures on {G}",
            "did anything fail on {G}",
            "show me failures on {G}",
            "{G} failures",
            "which jobs failed on {G}",
        ),
    ),
    (
        {"name": "failures", "state": "cancelled"},
        (
            "[which|what] jobs [were|got] [cancelled|canceled|aborted|killed]",
            "[cancelled|canceled|aborted] jobs",
            "did I cancel anything",
            "any cancellations",
            "show the cancelled runs",
            "show me what was cancelled",
            "I want to see the cancelled jobs",
            "killed jobs",
        ),
    ),
    (
        {"name": "failures", "state": "cancelled", "window": "{W}"},
        (
            "[which|what] jobs were [cancelled|canceled] {W}",
            "cancellations {W}",
            "show me the cancelled jobs {W}",
            "which jobs were aborted {W}",
            "what got cancelled {W}",
        ),
    ),
    (
        {"name": "queue"},
        (
            "[what's|what is] in the queue",
            "[show|list] the queue",
            "queue [status|state|length]",
            "what's running and [waiting|queued]",
            "how busy is the queue",
            "show me the queue",
            "tell me about the queue",
            "I need the queue status",
        ),
    ),
    (
        {"name": "queue", "state": "running"},
        (
            "what is [running|executing|in progress]<now>",
            "which jobs are [running|active|in progress]<now>",
            "[running|active] jobs",
            "anything running<now>",
            "what jobs are on the <gpus><now>",
            "show me what is running<now>",
            "I want to see the running jobs",
            "list the active jobs",
        ),
    ),
    (
        {"name": "queue", "state": "queued"},
        (
            "what is [waiting|queued|pending] [to run|]",
            "[which|what] jobs are [waiting|queued|pending|in line]",
            "[queued|pending|waiting] jobs",
            "how many jobs are waiting",
            "is anything stuck in the queue",
            "is anything in line",
            "how long is the queue",
            "show me the waiting jobs",
            "list what is pending",
            "tell me what is queued",
        ),
    ),
    (
        {"name": "summary", "window": "{W}"},
        (
            "[summarize|summarise|recap|sum up] {W}",
            "[summary|recap|rundown|digest|report] [of|for] {W}",
            "what [has happened|went on] {W}",
            "what did the machine do {W}",
            "[give me|I want] a [summary|recap] of {W}",
            "show me a summary of {W}",
            "I need a recap of {W}",
            "{W} in a nutshell",
            "how did everything go {W}",
        ),
    ),
    (
        {"name": "summary"},
        (
            "[give me a|] [summary|recap|rundown]",
            "summarize [everything|things]",
            "show me a short summary",
            "I want a recap please",
            "catch me up",
            "what's the big picture",
        ),
    ),
    (
        {"name": "cluster_gpus"},
        (
            "how many gpus [does each node have|per node|per host]",
            "[list|show] the [cluster's|cluster] nodes",
            "what nodes are in the cluster",
            "cluster [overview|layout|inventory]",
            "show me the cluster",
            "list the nodes",
            "describe the cluster for me",
            "how big is the cluster",
        ),
    ),
    (
        {"name": "node_load"},
        (
            "which node is idle",
            "any idle [node|host|server]",
            "how busy are the nodes",
            "show me the load on each node",
            "node [load|usage]",
            "which nodes are doing nothing",
        ),
    ),
    (
        {"name": "node_load", "order": "max"},
        (
            "[busiest|most loaded] [node|host|server]",
            "show me the most loaded node",
            "which [node|host|server] is [the busiest|working hardest]",
            "I need to know the most loaded node",
        ),
    ),
    (
        {"name": "node_load", "order": "min"},
        (
            "[least busy|least loaded] [node|host|server]",
            "show me the least busy node",
            "which [node|host|server] has the least load",
            "I want the quietest node",
        ),
    ),
    (
        {"name": "job_nodes"},
        (
            "which job ran [where|on which node]",
            "where did [the|my] jobs run",
            "jobs across the cluster",
            "show me where the jobs ran",
            "which nodes did my jobs run on",
            "I want to know the node of each job",
        ),
    ),
    (
        {"name": "job_nodes", "job": "{J}"},
        (
            "where did {J} run",
            "which [node|host|server] ran {J}",
            "what node was {J} on",
            "show me the node of {J}",
            "{J} node",
            "tell me where {J} was run",
        ),
    ),
    (
        {"name": "lost_nodes"},
        (
            "did [a|any] [node|server|host] [go down|drop out|disconnect]",
            "which [nodes|hosts|servers] are [down|offline|dead|unreachable]",
            "lost nodes",
            "show me the dead nodes",
            "I want to know if a node is down",
            "any [nodes|hosts] down",
            "is the cluster missing a node",
        ),
    ),
]
