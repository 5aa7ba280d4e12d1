"""Where a job attempt runs: this host's processes and their keepers, a Ray cluster, node pins and MIG."""
