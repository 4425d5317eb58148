//===- HeapOptional.h - An optional value kept on the heap ------*- C++ -*-===//
//
// std::optional's interface, with the value behind a pointer. An IR node
// has many optional parts that are nearly always absent (a selector's
// element, slice bounds, literal value and cast type; a statement's LIMIT
// and TTL); as std::optional each absent part still takes its full size,
// which made a one-column selector 1.5 KB. Absent, a HeapOptional costs one
// pointer. Copies are deep, like std::optional's.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_HEAPOPTIONAL_H
#define NOSQLINT_BASIC_HEAPOPTIONAL_H

#include <cassert>
#include <memory>
#include <optional>
#include <utility>

namespace nosqlint {

template <typename T> class HeapOptional {
public:
  HeapOptional() = default;
  HeapOptional(std::nullopt_t) {}
  HeapOptional(const T &V) : Ptr(std::make_unique<T>(V)) {}
  HeapOptional(T &&V) : Ptr(std::make_unique<T>(std::move(V))) {}
  HeapOptional(const std::optional<T> &V) {
    if (V)
      Ptr = std::make_unique<T>(*V);
  }
  HeapOptional(std::optional<T> &&V) {
    if (V)
      Ptr = std::make_unique<T>(std::move(*V));
  }
  HeapOptional(const HeapOptional &O)
      : Ptr(O.Ptr ? std::make_unique<T>(*O.Ptr) : nullptr) {}
  HeapOptional(HeapOptional &&) noexcept = default;

  HeapOptional &operator=(const HeapOptional &O) {
    if (this != &O)
      Ptr = O.Ptr ? std::make_unique<T>(*O.Ptr) : nullptr;
    return *this;
  }
  HeapOptional &operator=(HeapOptional &&) noexcept = default;
  HeapOptional &operator=(std::nullopt_t) {
    Ptr.reset();
    return *this;
  }

  template <typename... Args> T &emplace(Args &&...A) {
    Ptr = std::make_unique<T>(std::forward<Args>(A)...);
    return *Ptr;
  }
  void reset() { Ptr.reset(); }

  bool has_value() const { return Ptr != nullptr; }
  explicit operator bool() const { return Ptr != nullptr; }

  T &operator*() {
    assert(Ptr && "HeapOptional has no value");
    return *Ptr;
  }
  const T &operator*() const {
    assert(Ptr && "HeapOptional has no value");
    return *Ptr;
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }
  T &value() { return **this; }
  const T &value() const { return **this; }

  /// The value, or null: for code that takes `const T *`.
  const T *get() const { return Ptr.get(); }

private:
  std::unique_ptr<T> Ptr;
};

} // namespace nosqlint

#endif // NOSQLINT_BASIC_HEAPOPTIONAL_H
