//===- Transport.cpp - JSON-RPC messages framed by Content-Length ---------===//
#include "nosqlint/Lsp/Transport.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>

namespace nosqlint::lsp {

namespace {
constexpr size_t MaxHeaderLine = 4096;
constexpr unsigned MaxHeaderLines = 32;
} // namespace

bool MessageReader::readLine(std::string &Line, bool &TooLong) {
  Line.clear();
  TooLong = false;
  std::streambuf *Buf = In.rdbuf();
  for (;;) {
    int C = Buf->sbumpc();
    if (C == std::char_traits<char>::eof())
      return !Line.empty() || TooLong;
    if (C == '\n')
      break;
    if (Line.size() < MaxHeaderLine)
      Line.push_back(static_cast<char>(C));
    else
      TooLong = true;
  }
  if (!Line.empty() && Line.back() == '\r')
    Line.pop_back();
  return true;
}

ReadResult MessageReader::next() {
  ReadResult R;
  std::string Line;
  bool TooLong = false;
  // Blank lines between messages are tolerated.
  do {
    if (!readLine(Line, TooLong))
      return R; // EndOfInput
  } while (Line.empty() && !TooLong);

  std::optional<uint64_t> Length;
  std::string Problem;
  for (unsigned N = 0;; ++N) {
    if (TooLong && Problem.empty())
      Problem = "a header line longer than " + std::to_string(MaxHeaderLine) +
                " bytes";
    if (N >= MaxHeaderLines && Problem.empty())
      Problem = "more than " + std::to_string(MaxHeaderLines) + " header lines";
    auto [Name, Value] = llvm::StringRef(Line).split(':');
    if (Name.trim().equals_insensitive("Content-Length")) {
      uint64_t V = 0;
      if (Value.trim().getAsInteger(10, V)) {
        if (Problem.empty())
          Problem = "Content-Length is not a number: '" +
                    Value.trim().take_front(40).str() + "'";
      } else {
        Length = V;
      }
    } else if (!TooLong && Line.find(':') == std::string::npos &&
               Problem.empty()) {
      Problem = "a header line without ':'";
    }
    if (!readLine(Line, TooLong)) {
      R.Status = ReadResult::BadFrame;
      R.Error = "the input ended inside a message header";
      return R;
    }
    if (Line.empty() && !TooLong)
      break;
  }
  if (!Problem.empty() || !Length) {
    R.Status = ReadResult::BadFrame;
    R.Error =
        Problem.empty() ? "a message header without Content-Length" : Problem;
    return R;
  }
  std::streambuf *Buf = In.rdbuf();
  if (*Length > MaxBodyBytes) {
    // Read past the body without keeping it, so the next message is framed.
    char Scratch[4096];
    uint64_t Left = *Length;
    while (Left) {
      std::streamsize Got =
          Buf->sgetn(Scratch, static_cast<std::streamsize>(
                                  std::min<uint64_t>(Left, sizeof Scratch)));
      if (Got <= 0)
        break;
      Left -= static_cast<uint64_t>(Got);
    }
    R.Status = ReadResult::BadFrame;
    R.Error = "a message of " + std::to_string(*Length) +
              " bytes, over the limit of " + std::to_string(MaxBodyBytes);
    return R;
  }
  R.Body.resize(*Length);
  std::streamsize Got =
      *Length ? Buf->sgetn(R.Body.data(), static_cast<std::streamsize>(*Length))
              : 0;
  if (Got < 0 || static_cast<uint64_t>(Got) != *Length) {
    R.Body.clear();
    R.Status = ReadResult::BadFrame;
    R.Error = "the input ended inside a message body";
    return R;
  }
  R.Status = ReadResult::Message;
  return R;
}

void writeMessage(llvm::raw_ostream &Out, const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  OS << Message;
  writeFramed(Out, OS.str());
}

void writeFramed(llvm::raw_ostream &Out, llvm::StringRef Body) {
  Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
  Out.flush();
}

} // namespace nosqlint::lsp
