/* Where many paths meet, the engine joins states that track the same
   things: the joined state stands for both paths, and what each knew
   alone (one found the table entry NULL, the other its type a string) is
   gone. A use after free or a double free is not reported on a joined
   path: each of the paths joined may exclude it (the entry is a string
   or a command list, never both). One a path proves before any join is
   reported.  */
#include <stdlib.h>

struct table_entry
{
  const char *name;
  int type;
  int flags;
};

union value
{
  char *string;
  void *cmdlist;
};

struct entry
{
  const struct table_entry *tableentry;
  union value value;
  const char *name;
};

extern void cmd_list_free (void *);
extern void array_clear (struct entry *);
extern void use (const char *);

#define IS_STRING(o) ((o)->tableentry == NULL || (o)->tableentry->type == 3)
#define IS_COMMAND(o) ((o)->tableentry != NULL && (o)->tableentry->type == 6)
#define IS_ARRAY(o) ((o)->tableentry != NULL && ((o)->tableentry->flags & 1))

static void
value_free (struct entry *o, union value *ov)
{
  if (IS_STRING (o))
    free (ov->string);
  if (IS_COMMAND (o) && ov->cmdlist != NULL)
    cmd_list_free (ov->cmdlist); /* { dg-bogus "use after 'free'" } */
}

static void
entry_remove (struct entry *o)
{
  if (IS_ARRAY (o))
    array_clear (o);
  else
    value_free (o, &o->value);
  free ((void *) o->name);
  free (o);
}

void
entries_free (struct entry **v, int n)
{
  for (int i = 0; i < n; i++)
    entry_remove (v[i]);
  free (v);
}

/* The same test twice: the string freed is used.  */
static void
value_show (struct entry *o, union value *ov)
{
  if (IS_STRING (o))
    free (ov->string);
  if (IS_STRING (o) && ov->string != NULL)
    use (ov->string); /* { dg-warning "use after 'free' of '\\*ov.string'" } */
}

void
entries_show (struct entry **v, int n)
{
  for (int i = 0; i < n; i++)
    value_show (v[i], &v[i]->value);
}

/* The same for descriptors: closed as a socket or as a pipe, never both.  */
struct conn
{
  const struct table_entry *tableentry;
  int fd;
  const char *name;
};

#define IS_SOCKET(o) ((o)->tableentry == NULL || (o)->tableentry->type == 3)
#define IS_PIPE(o) ((o)->tableentry != NULL && (o)->tableentry->type == 6)
#define IS_SPARE(o) ((o)->tableentry != NULL && ((o)->tableentry->flags & 1))

extern int close (int);
extern void conn_clear (struct conn *);

static void
conn_close (struct conn *o)
{
  if (IS_SOCKET (o))
    close (o->fd);
  if (IS_PIPE (o) && o->fd >= 0)
    close (o->fd); /* { dg-bogus "double 'close'" } */
}

static void
conn_remove (struct conn *o)
{
  if (IS_SPARE (o))
    conn_clear (o);
  else
    conn_close (o);
  free ((void *) o->name);
  free (o);
}

void
conns_close (struct conn **v, int n)
{
  for (int i = 0; i < n; i++)
    conn_remove (v[i]);
  free (v);
}
