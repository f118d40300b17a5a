"""What must survive a crash: the run directory (`rundir`, its one owner) and atomic
writes (`files`)."""
