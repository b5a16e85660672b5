/* A standard stream's descriptor closed, by number or by a comparison
   choosing it, stays closed however the path got the number, and the
   next descriptor made takes it: the lowest free (a child's "close (type
   == IN); dup (fd)" installs its pipe as standard input or output).  */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The child closes its standard input or output, chosen by a comparison,
   and dup gives the pipe that number.  */
void child_ok (int type, int local_fd, int remote_fd, const char *cmd)
{
  close (local_fd);
  close (type == 1);
  (void) dup (remote_fd); /* { dg-bogus "leak" } */
  close (remote_fd);
  execl ("/bin/sh", "sh", "-c", cmd, (char *) 0);
  _exit (127);
}

/* Nothing standard was closed: the duplicate is a new descriptor, lost.  */
void child_bad (int local_fd, int remote_fd, const char *cmd)
{
  close (local_fd);
  (void) dup (remote_fd); /* { dg-warning "leak of file descriptor" } */
  close (remote_fd);
  execl ("/bin/sh", "sh", "-c", cmd, (char *) 0);
  _exit (127);
}
