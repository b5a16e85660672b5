/* specs/checked-results.toml: the results of setuid, setgid, seteuid,
   setegid, chdir and chroot must be tested (CWE-252).  */
#include <stdlib.h>
#include <unistd.h>

void drop_privileges_bad (uid_t u)
{
  setuid (u); /* { dg-warning "the result of a call that changes the process's identity is not checked \\\[CWE-252\\\] \\\[-Wanalyzer-unchecked-privilege-drop\\\]" } */
  /* { dg-message "\\(1\\) 'setuid' called here" "" { target *-*-* } .-1 } */
  execl ("/bin/sh", "sh", (char *) 0);
}

void drop_privileges_ok (uid_t u, gid_t g)
{
  if (setgid (g) != 0 || setuid (u) != 0)
    abort ();
  execl ("/bin/sh", "sh", (char *) 0);
}

int stored_and_tested_ok (const char *dir)
{
  int r = chdir (dir);
  if (r < 0)
    return -1;
  return 0;
}

int stored_never_tested_bad (const char *dir)
{
  int r = chdir (dir); /* { dg-message "'chdir' called here" } */
  (void) r;
  return 0; /* { dg-warning "the result of a call that changes the current or root directory is not checked" } */
}

/* Returned: the caller's to test.  */
int returned_ok (const char *dir)
{
  return chroot (dir);
}

/* Across functions: tested by a helper.  */
static int must (int r)
{
  if (r != 0)
    abort ();
  return r;
}

void helper_tests_it_ok (uid_t u)
{
  must (seteuid (u));
}
