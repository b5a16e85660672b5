/* A function of the module the analysis does not step into changes only
   what its body can change: given a pointer through which it only reads
   (and which it hands only to readers), the caller's object keeps what
   the caller knew of it. A flag tested before the call decides the same
   test after it.  */
#include <stdlib.h>

struct ctx
{
  int flags;
  char *name;
  struct pane *wp0;
};
struct pane
{
  int fd;
};

extern int make_pane (int fd, int flags);
extern void report (const char *);

int
spawn_pane (struct ctx *sc)
{
  if (sc->flags & 4)
    report (sc->name);
  return make_pane (sc->wp0->fd, sc->flags);
}

int
spawn_window_ok (struct ctx *sc)
{
  char *w = NULL;
  if (~sc->flags & 4)
    {
      w = malloc (16);
      if (w == NULL)
	return -1;
    }
  if (spawn_pane (sc) < 0)
    {
      free (w);
      return -1;
    }
  if (~sc->flags & 4)
    w[0] = 0; /* { dg-bogus "NULL" } */
  free (w);
  return 0;
}

/* This one clears the flag: after it, the test may go the other way.  */
int
respawn_pane (struct ctx *sc)
{
  sc->flags &= ~4;
  return make_pane (sc->wp0->fd, sc->flags);
}

int
spawn_window_bad (struct ctx *sc)
{
  char *w = NULL;
  if (~sc->flags & 4)
    {
      w = malloc (16);
      if (w == NULL)
	return -1;
    }
  if (respawn_pane (sc) < 0)
    {
      free (w);
      return -1;
    }
  if (~sc->flags & 4)
    w[0] = 0; /* { dg-warning "dereference of NULL 'w'" } */
  free (w);
  return 0;
}

/* Nor one that hands the pointer to code it cannot see.  */
extern void keep (struct ctx *);

int
register_pane (struct ctx *sc)
{
  keep (sc);
  return make_pane (sc->wp0->fd, sc->flags);
}

int
spawn_window_kept (struct ctx *sc)
{
  char *w = NULL;
  if (~sc->flags & 4)
    {
      w = malloc (16);
      if (w == NULL)
	return -1;
    }
  if (register_pane (sc) < 0)
    {
      free (w);
      return -1;
    }
  if (~sc->flags & 4)
    w[0] = 0; /* { dg-warning "dereference of NULL 'w'" } */
  free (w);
  return 0;
}
