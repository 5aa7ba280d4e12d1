"""The Hopper (sm_90) attention kernels in Gluon: warp-specialised forward, backward,
packed documents, FP8."""
