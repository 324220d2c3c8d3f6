// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The part of Multicall3 (github.com/mds1/multicall, deployed at
/// 0xcA11bde05977b3631167028862bE2a173976CA11 on most EVM chains) that Portico calls, with its
/// ABI: `aggregate3` and `getEthBalance`. Installed at the same address on the local chains.
contract TestMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function getEthBalance(address addr) external view returns (uint256) {
        return addr.balance;
    }
}
