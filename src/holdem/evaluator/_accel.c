/* The scalar evaluator's hot path in C: evaluate(cards) -> HandValue.
 *
 * A call from Python costs more than the evaluation itself, so this does in one C call
 * what scalar.py does in Python: check the cards, add their keys, look the strength up,
 * and build the HandValue tuple. The arithmetic and the tables are scalar.py's, handed
 * over once by install(); see tables.py for how they work. Anything but a list or tuple
 * of ints, and any hand that is not valid, goes to the Python evaluator registered by
 * install(), which accepts every other sequence and words every error.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static int64_t card_keys[52];
static uint16_t flush_table[8192];
static int32_t *row_offsets;
static Py_ssize_t row_count;
static uint16_t *hashed;
static Py_ssize_t hashed_count;
static int64_t hand_start, flush_flags, rank_mask;
static int suit_shift, row_shift;
static int64_t column_mask;
static PyTypeObject *hand_value_type;
static PyObject *python_evaluate; /* the pure-Python evaluator: the fallback */

static int copy_table(PyObject *bytes, void *dest, Py_ssize_t size, const char *what)
{
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != size) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", what, size);
        return -1;
    }
    memcpy(dest, PyBytes_AS_STRING(bytes), (size_t)size);
    return 0;
}

static PyObject *install(PyObject *self, PyObject *args)
{
    PyObject *type, *fallback, *keys, *flush, *offsets, *table;
    long long start, flags, ranks, columns;
    if (!PyArg_ParseTuple(args, "OOSSSSLLLiiL", &type, &fallback, &keys, &flush, &offsets,
                          &table, &start, &flags, &ranks, &suit_shift, &row_shift, &columns))
        return NULL;
    if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject *)type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "the hand value type must be a tuple subclass");
        return NULL;
    }
    row_count = PyBytes_GET_SIZE(offsets) / (Py_ssize_t)sizeof(int32_t);
    hashed_count = PyBytes_GET_SIZE(table) / (Py_ssize_t)sizeof(uint16_t);
    int32_t *new_offsets = PyMem_Malloc((size_t)row_count * sizeof(int32_t));
    uint16_t *new_hashed = PyMem_Malloc((size_t)hashed_count * sizeof(uint16_t));
    if (!new_offsets || !new_hashed) {
        PyMem_Free(new_offsets);
        PyMem_Free(new_hashed);
        return PyErr_NoMemory();
    }
    if (copy_table(keys, card_keys, sizeof card_keys, "card keys") < 0 ||
        copy_table(flush, flush_table, sizeof flush_table, "flush table") < 0 ||
        copy_table(offsets, new_offsets, row_count * (Py_ssize_t)sizeof(int32_t), "offsets") < 0 ||
        copy_table(table, new_hashed, hashed_count * (Py_ssize_t)sizeof(uint16_t), "table") < 0) {
        PyMem_Free(new_offsets);
        PyMem_Free(new_hashed);
        return NULL;
    }
    PyMem_Free(row_offsets);
    PyMem_Free(hashed);
    row_offsets = new_offsets;
    hashed = new_hashed;
    hand_start = start;
    flush_flags = flags;
    rank_mask = ranks;
    column_mask = columns;
    Py_INCREF(type);
    Py_XSETREF(hand_value_type, (PyTypeObject *)type);
    Py_INCREF(fallback);
    Py_XSETREF(python_evaluate, fallback);
    Py_RETURN_NONE;
}

static PyObject *fallback(PyObject *cards)
{
    return PyObject_CallOneArg(python_evaluate, cards);
}

static PyObject *evaluate(PyObject *self, PyObject *cards)
{
    if (hand_value_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_accel.install() was not called");
        return NULL;
    }
    if (!PyList_Check(cards) && !PyTuple_Check(cards))
        return fallback(cards);
    /* Nothing below calls back into Python, so the list cannot change under us. */
    Py_ssize_t n = PySequence_Fast_GET_SIZE(cards);
    PyObject **items = PySequence_Fast_ITEMS(cards);
    int codes[7];
    int64_t key = hand_start;
    uint64_t seen = 0;
    if (n < 5 || n > 7)
        return fallback(cards);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_Check(items[i]))
            return fallback(cards);
        long code = PyLong_AsLong(items[i]);
        if (code < 0 || code > 51 || (seen >> code & 1)) {
            PyErr_Clear(); /* an int too large for a C long lands here too */
            return fallback(cards);
        }
        seen |= (uint64_t)1 << code;
        key += card_keys[code];
        codes[i] = (int)code;
    }

    long strength;
    int64_t flags = key & flush_flags;
    if (flags) {
        int suit = 0;
        while (!(flags & ((int64_t)8 << (suit_shift + 4 * suit))))
            suit++;
        int mask = 0;
        for (Py_ssize_t i = 0; i < n; i++)
            if ((codes[i] & 3) == suit)
                mask |= 1 << (codes[i] >> 2);
        strength = flush_table[mask];
    } else {
        int64_t ranks = key & rank_mask;
        Py_ssize_t row = (Py_ssize_t)(ranks >> row_shift);
        Py_ssize_t slot = row < row_count ? row_offsets[row] + (ranks & column_mask) : -1;
        if (slot < 0 || slot >= hashed_count) { /* unreachable for distinct cards */
            PyErr_SetString(PyExc_RuntimeError, "evaluator tables are inconsistent");
            return NULL;
        }
        strength = hashed[slot];
    }

    PyObject *value = hand_value_type->tp_alloc(hand_value_type, 2);
    if (value == NULL)
        return NULL;
    PyObject *number = PyLong_FromLong(strength);
    if (number == NULL) {
        Py_DECREF(value);
        return NULL;
    }
    PyTuple_SET_ITEM(value, 0, number);
    Py_INCREF(cards);
    PyTuple_SET_ITEM(value, 1, cards);
    return value;
}

static PyMethodDef methods[] = {
    {"install", install, METH_VARARGS, "Hand over the tables, the HandValue type and the Python fallback."},
    {"evaluate", evaluate, METH_O, "The HandValue of 5, 6 or 7 distinct cards."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "holdem.evaluator._accel",
    "The scalar evaluator's hot path in C (see scalar.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__accel(void) { return PyModule_Create(&module); }
