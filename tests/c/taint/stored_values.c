/* What the program itself stored in memory an attacker filled is its own
   value, not the attacker's: a launcher that sets argv[0] to its binary
   before passing argv on runs that binary.  Registering a signal handler
   calls nothing, so what memory holds stays.  */
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>

static volatile sig_atomic_t stop;

static void on_signal (int sig)
{
  stop = sig;
}

int main (int argc, char **argv)
{
  (void) argc;
  argv[0] = "/usr/sbin/server";
  signal (SIGTERM, on_signal);
  do
    {
      pid_t pid = fork ();
      if (pid == -1)
        return 1;
      if (pid == 0)
        {
          execvp (argv[0], argv); /* { dg-bogus "attacker-controlled" } */
          _exit (1);
        }
      if (waitpid (pid, NULL, 0) == -1)
        return 1;
    }
  while (!stop);
  return 0;
}

/* A function of the program that only registers handlers (not stepped
   into: nothing in it is worth following) changes no memory either.  */
static void setup_signals (void)
{
  signal (SIGHUP, SIG_IGN);
  signal (SIGTERM, on_signal);
}

int __attribute__((tainted_args)) relaunch (char **args)
{
  args[0] = "/usr/sbin/server";
  setup_signals ();
  return execvp (args[0], args); /* { dg-bogus "attacker-controlled" } */
}

int __attribute__((tainted_args)) run_other (char **args)
{
  args[0] = args[1];
  return execvp (args[0], args); /* { dg-warning "use of attacker-controlled string" } */
}

int __attribute__((tainted_args)) run_given (char **args)
{
  args[1] = "-v";
  return execvp (args[0], args); /* { dg-warning "use of attacker-controlled string" } */
}
