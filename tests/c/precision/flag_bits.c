/* Flags tested as bits of one word keep what a test learned when other
   bits are set, cleared or flipped in between ("flags |= NOTIFY", then
   "if (~flags & RESPAWN)"), as a window spawner's context does.  */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RESPAWN 4
#define NOTIFY 8
#define DETACHED 16

struct context { int flags; };

extern void notify (int *);

/* The bit tested again after others changed: the same answer.  */
int set_other_bit_ok (struct context *sc)
{
  int *w;
  if (~sc->flags & RESPAWN)
    w = malloc (sizeof *w);
  else
    w = NULL;
  sc->flags |= NOTIFY;
  sc->flags &= ~DETACHED;
  if (~sc->flags & RESPAWN)
    {
      if (w)
        *w = 1; /* { dg-bogus "NULL" } */
      free (w);
    }
  return 0; /* { dg-bogus "leak" } */
}

int set_bit_then_negated_ok (struct context *sc)
{
  int *w = NULL;
  if (sc->flags & RESPAWN)
    w = malloc (sizeof *w);
  sc->flags |= NOTIFY;
  if (!(sc->flags & RESPAWN))
    return 0; /* { dg-bogus "leak" } */
  free (w);
  return 1;
}

/* Flipping the tested bit itself changes the answer: here the pointer is
   NULL exactly where the second test passes.  */
extern int cell;

int flipped_bit_bad (struct context *sc)
{
  int *w;
  if (sc->flags & RESPAWN)
    w = NULL;
  else
    w = &cell;
  if (!w)
    sc->flags ^= RESPAWN;
  if (~sc->flags & RESPAWN)
    return *w; /* { dg-warning "dereference of NULL 'w'" } */
  return 0;
}

/* Clearing the tested bit: the second test passes whatever the first
   found, so the NULL pointer is dereferenced.  */
int cleared_bit_bad (struct context *sc)
{
  int *w = NULL;
  if (~sc->flags & RESPAWN)
    {
      w = malloc (sizeof *w);
      if (!w)
        return -1;
    }
  sc->flags &= ~RESPAWN;
  if (~sc->flags & RESPAWN)
    {
      *w = 2; /* { dg-warning "dereference of NULL 'w'" } */
      free (w);
    }
  return 0; /* { dg-warning "leak of 'w'" } */
}

/* A word with a bit set is never 0.  */
int or_never_zero_ok (unsigned flags)
{
  int *p = NULL;
  unsigned f = flags | NOTIFY;
  if (f == 0)
    return *p; /* { dg-bogus "NULL" } */
  return 0;
}

/* A daemon's option bits, read again after a retry loop made the engine
   generalize: what the first test found of the bit still holds (nothing
   wrote the options), so the pipe opened when the bit was clear is closed
   when it is clear again.  */
struct daemon_options { unsigned int options[3]; char *command; };
extern struct daemon_options *daemon_config;
extern int next_event (void);
#define OPTION(x) (daemon_config->options[(x) / 32] & (1u << ((x) % 32)))

void helper_loop_ok (void)
{
  while (1)
    { /* { dg-bogus "leak" } */
      int pipeout[2];
      pid_t pid;
      if (next_event () == 0 || !daemon_config->command)
        continue;
      if (!OPTION (6) && pipe (pipeout) == -1)
        continue;
      while ((pid = fork ()) == -1 && (errno == EAGAIN || errno == ENOMEM))
        sleep (2);
      if (pid == -1)
        {
          if (!OPTION (6))
            {
              close (pipeout[0]);
              close (pipeout[1]);
            }
          continue;
        }
      if (pid != 0)
        {
          if (!OPTION (6))
            {
              close (pipeout[1]);
              close (pipeout[0]);
            }
          continue;
        }
      if (!OPTION (6))
        {
          close (pipeout[0]);
          close (pipeout[1]);
        }
      _exit (0);
    }
}

/* A directory walker's entry: its stat buffer is allocated when the
   "no stat" flag is clear and dropped when it is set; called for each
   entry of a loop, the callee's states are generalized in between.  */
struct walk { int options; };
struct entry { struct stat *statp; struct entry *link; char name[1]; };
#define NOSTAT 8

static struct entry *new_entry (struct walk *sp, const char *name, size_t len)
{
  struct entry *p = malloc (sizeof (struct entry) + len);
  if (p == NULL)
    return NULL;
  if (!(sp->options & NOSTAT))
    if ((p->statp = malloc (sizeof *p->statp)) == NULL)
      {
        free (p);
        return NULL;
      }
  if (sp->options & NOSTAT)
    p->statp = NULL; /* { dg-bogus "leak" } */
  memcpy (p->name, name, len + 1);
  return p;
}

struct entry *read_entries (struct walk *sp, DIR *dir)
{
  struct dirent *dp;
  struct entry *head = NULL, *tail = NULL, *p;
  while ((dp = readdir (dir)) != NULL)
    {
      if ((p = new_entry (sp, dp->d_name, strlen (dp->d_name))) == NULL)
        break;
      p->link = NULL;
      if (head == NULL)
        head = tail = p;
      else
        {
          tail->link = p;
          tail = p;
        }
    }
  return head;
}
