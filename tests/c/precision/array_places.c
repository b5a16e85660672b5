/* Issue 33, item 1: an element of an array is one place however the code
   reaches it: "v[1]" by index, "*(p + 1)" through a pointer to the array,
   "d[1]" in a function given the array.  What was stored one way is what
   is read the other way (not an unknown, nor a value written before), so
   a branch on it is decided, and a path that needs another value is no
   path.  Likewise "acc |= bits" on an acc known 0 is bits.  */
#include <stdlib.h>

/* Stored through a pointer to the array's start, read by index; and the
   other way round.  */
void
pointer_then_index_ok (void)
{
  char *v[2];
  char **p = v;
  char *m = malloc (4);
  *p = 0;
  v[0] = m;
  free (*p);
}

void
index_then_pointer_ok (void)
{
  char *v[2];
  char **p = v;
  char *m = malloc (4);
  v[0] = 0;
  *p = m;
  free (v[0]);
}

/* A callee fills the caller's array.  */
__attribute__ ((noipa)) static void
fill (int *v)
{
  v[0] = 1;
  v[1] = 2;
}

void
filled_ok (void)
{
  int v[2];
  char *m = malloc (4);
  fill (v);
  if (v[1] != 2)
    return;
  free (m);
}

void
filled_bad (void)
{
  int v[2];
  char *m = malloc (4);
  fill (v);
  if (v[1] != 3)
    return;
  free (m);
} /* { dg-warning "leak of 'm'" } */

/* A struct's second element of an array of structs, through a pointer
   to it and by index.  */
struct pair { int key; char *value; };

void
struct_element_ok (char *s)
{
  struct pair t[2];
  struct pair *q = &t[1];
  q->value = s;
  q->key = 7;
  char *m = malloc (4);
  if (t[1].key != 7)
    return;
  free (m);
}

void
struct_first_element_ok (char *s)
{
  struct pair t[2];
  struct pair *q = &t[0];
  q->value = s;
  char *m = malloc (4);
  if (t[0].value != s)
    return;
  free (m);
}

/* A set of bits emptied, then merged with another: it is the other.  */
int
merged_ok (const unsigned long *bits)
{
  volatile unsigned long zero = 0;
  unsigned long acc = zero ? 1 : 0;
  acc |= bits[0];
  char *m = malloc (4);
  if (acc != bits[0])
    return 0;
  free (m);
  return 1;
}

int
merged_bad (const unsigned long *bits)
{
  unsigned long acc = 0;
  acc |= bits[0];
  char *m = malloc (4);
  if (acc != (bits[0] | 1))
    return 0; /* { dg-warning "leak of 'm'" } */
  free (m);
  return 1;
}

/* Bytes written wider than the elements read: a long copied over two
   ints, a struct copied whole then read through a pointer to it.  Keys
   do not say where such a write ends: nothing read inside is told
   unwritten.  An element nothing wrote, beside ones written one by one,
   still is.  */
#include <string.h>

unsigned
wide_copy_ok (long t)
{
  unsigned int buff[4];
  unsigned r = 0;
  memcpy (buff, &t, sizeof t);
  memcpy (buff + 2, &t, sizeof t);
  for (int i = 0; i < 4; i++)
    r += buff[i]; /* { dg-bogus "uninitialized" } */
  return r;
}

struct histogram { unsigned data[4]; unsigned long total; };

unsigned long
struct_copy_ok (struct histogram *all, int k)
{
  struct histogram combined[2];
  combined[0] = all[k];
  struct histogram *p = &combined[0];
  return p->total; /* { dg-bogus "uninitialized" } */
}

int
element_unwritten_bad (void)
{
  int a[4];
  a[0] = 1;
  a[2] = 3;
  return a[1]; /* { dg-warning "use of uninitialized value 'a\\\[1\\\]'" } */
}

/* A pointer to the first of an array of structs, zero-filled, whose
   elements a loop fills before it reads them back (sqlite's merge sort of
   sublists): its fields are the element's, not a stale zero.  */
struct sublist { int n; short *list; };

void
first_struct_element_ok (short *list, int count)
{
  struct sublist sub[13];
  unsigned k = 0;
  memset (sub, 0, sizeof sub);
  for (int i = 0; i < count; i++)
    {
      short *merged = &list[i];
      for (k = 0; i & (1 << k); k++)
        {
          struct sublist *p = &sub[k];
          memcpy (p->list, merged, sizeof *merged); /* { dg-bogus "NULL" } */
        }
      sub[k].list = merged;
      sub[k].n = 1;
    }
}

/* Nodes of a list kept in an array, reached by index and through pointers
   to them, the first one too, its head in an array of one (cJSON's test
   of detaching items): unlinking the middle one, then the first, never
   follows a NULL link.  */
struct node { struct node *next, *prev; };
struct list { int count; struct node *child; };

static struct node *
detach (struct list *parent, struct node *const item)
{
  if (item != parent->child)
    item->prev->next = item->next; /* { dg-bogus "NULL" } */
  if (item->next)
    item->next->prev = item->prev;
  if (item == parent->child)
    parent->child = item->next;
  else if (!item->next)
    parent->child->prev = item->prev;
  item->prev = item->next = 0;
  return item;
}

void
detach_first_ok (void)
{
  struct node list[4];
  struct list parent[1];
  memset (list, 0, sizeof list);
  list[0].next = &list[1];
  list[1].next = &list[2];
  list[2].next = &list[3];
  list[3].prev = &list[2];
  list[2].prev = &list[1];
  list[1].prev = &list[0];
  list[0].prev = &list[3];
  parent->child = &list[0];
  if (detach (parent, &list[1]) != &list[1] || list[1].prev || list[1].next)
    return;
  if (detach (parent, &list[0]) != &list[0])
    return;
  if (detach (parent, &list[3]) != &list[3])
    return;
  detach (parent, &list[2]);
}

/* A cleanup loop freeing every element of an array a callee filled
   through a pointer to one of them (oniguruma's "for (i = 0; i < 4; i++)
   onig_node_free (ns[i])"): taken together its trips may have freed any
   of them; none leaks when the path leaves it.  What the loop never
   reads still leaks.  */
static int
make_node (void **node)
{
  *node = malloc (8);
  return *node ? 0 : -5;
}

int
free_loop_ok (void)
{
  void *ns[4];
  ns[0] = ns[1] = ns[2] = ns[3] = NULL;
  if (make_node (&ns[2]) != 0)
    return 1;
  for (int i = 0; i < 4; i++)
    free (ns[i]);
  return 0;
} /* { dg-bogus "leak" } */

int
free_loop_bad (void)
{
  void *ns[4];
  void *other = malloc (8);
  ns[0] = ns[1] = ns[2] = ns[3] = NULL;
  if (make_node (&ns[2]) != 0)
    return 1; /* { dg-warning "leak of 'other'" } */
  for (int i = 0; i < 4; i++)
    free (ns[i]);
  return 0; /* { dg-warning "leak of 'other'" } */
}

/* Elements of an array a pointer points to (a VLA), by index and through a
   pointer to one of them.  */
void
vla_elements_ok (int len)
{
  struct coord { int x, y; } p[len];
  if (len < 10)
    return;
  p[7].x = 1;
  p[7].y = 2;
  p[9].x = 3;
  struct coord *q = &p[7];
  char *m = malloc (4);
  if (q->y != 2 || q[2].x != 3) /* { dg-bogus "uninitialized" } */
    return;
  free (m);
}
