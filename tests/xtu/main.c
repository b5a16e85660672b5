/* Project facts test: what main.c may rely on depends on what die.c and
   exit_hook.c define; compiled alone it knows none of it. */
#include <stddef.h>

void fatal (const char *msg);
void warn (const char *msg);
void *xmalloc (size_t n);
void *try_alloc (size_t n);
int lookup (const char *key);

int *find (const char *key)
{
  int *slot = NULL;
  if (lookup (key) >= 0)
    slot = xmalloc (sizeof *slot);
  else
    fatal ("no such key");
  *slot = 0;                   /* fine: fatal never returns */
  return slot;
}

int *find_or_warn (const char *key)
{
  int *slot = NULL;
  if (lookup (key) >= 0)
    slot = xmalloc (sizeof *slot);
  else
    warn ("no such key");
  *slot = 1;                   /* NULL when lookup failed: warn returns */
  return slot;
}
