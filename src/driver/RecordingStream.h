//===- RecordingStream.h - A stream that keeps a copy of what it writes -*- C++ -*-===//
//
// Forwards every write to the stream under it at once (it has no buffer of
// its own) and, while recording, appends it to a shared log of chunks, so
// that the log holds stdout and stderr interleaved in the order written
// (ResultCache.h).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_RECORDINGSTREAM_H
#define NOSQLINT_DRIVER_RECORDINGSTREAM_H

#include "ResultCache.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace nosqlint::driver {

class RecordingStream : public llvm::raw_ostream {
public:
  RecordingStream(llvm::raw_ostream &Under, CacheChunk::Kind Where,
                  std::vector<CacheChunk> &Log)
      : llvm::raw_ostream(/*unbuffered=*/true), Under(Under), Where(Where),
        Log(Log) {}
  ~RecordingStream() override { flush(); }

  void record(bool On) { Recording = On; }
  /// Never a terminal: nothing may color by the terminal, which is not
  /// part of the key (the text emitter colors by --color only).
  bool has_colors() const override { return false; }

private:
  void write_impl(const char *Ptr, size_t Size) override {
    Under.write(Ptr, Size);
    if (!Recording)
      return;
    if (Log.empty() || Log.back().Where != Where)
      Log.push_back({Where, std::string(), std::string()});
    Log.back().Data.append(Ptr, Size);
  }
  uint64_t current_pos() const override { return Under.tell(); }

  llvm::raw_ostream &Under;
  CacheChunk::Kind Where;
  std::vector<CacheChunk> &Log;
  bool Recording = false;
};

} // namespace nosqlint::driver

#endif
