/* Issue 33, item 1: a caller's values widened where a callee's loop is
   generalized are fresh values each time: one an earlier generalization
   made, since stepped on by the caller's loop ("it = it1") and given to
   the callee, is not the caller's saved next item as well.  A tree of
   lists freed by a foreach that saves the next item before the body
   unlinks and frees the current one (recursing into its children first)
   frees no item twice (tmux's mode_tree_free_items).  Reading the item
   just freed is still told.  */
#include <stdlib.h>

struct item;
struct ilist { struct item *first; struct item **last; };
struct item {
  struct ilist children;
  struct item *next, **prev;
};

static void free_items (struct ilist *);

static void free_item (struct item *it)
{
  free_items (&it->children);
  free (it);
}

static void free_items (struct ilist *l)
{
  struct item *it, *it1;
  for (it = l->first; it != NULL && (it1 = it->next, 1); it = it1) /* { dg-bogus "use after 'free'" } */
    {
      if (it->next != NULL)
        it->next->prev = it->prev;
      *it->prev = it->next;
      free_item (it);
    }
}

void free_tree_ok (struct ilist *l)
{
  free_items (l);
}

static void free_items_unsaved (struct ilist *l)
{
  struct item *it;
  for (it = l->first; it != NULL; it = it->next) /* { dg-warning "use after 'free' of 'it'" } */
    free_item (it);
}

void free_tree_bad (struct ilist *l)
{
  free_items_unsaved (l);
}
